/** Russian text of the profile screens. Validation messages come from the contract schemas. */
export const profileMessages = {
  emailEditTitle: 'Смена e-mail',
  emailEditIntro:
    'Укажите новый адрес. Мы пришлём на него письмо со ссылкой — e-mail изменится, когда вы её откроете.',
  newEmailLabel: 'Новый e-mail',
  emailPlaceholder: 'name@example.com',
  emailEditSubmit: 'Отправить письмо',
  emailEditSentHint: 'Письмо может прийти в течение нескольких минут. Загляните и в папку «Спам».',
  backToProfile: 'Вернуться в профиль',
  currentPasswordLabel: 'Текущий пароль',
  currentPasswordDescription:
    'Входите только через соцсеть? Оставьте поле пустым: мы пришлём на текущий e-mail ссылку, чтобы задать пароль.',
  oldAddressNotice:
    'На текущий адрес придёт уведомление со ссылкой, которая отменит смену, если её просили не вы.',

  emailChangeCancelTitle: 'Отмена смены e-mail',
  emailChangeCancelPending: 'Отменяем смену e-mail…',
  emailChangeCancelInvalid: 'В ссылке нет кода. Откройте ссылку из письма целиком.',
  toLogin: 'Перейти ко входу',
} as const;
