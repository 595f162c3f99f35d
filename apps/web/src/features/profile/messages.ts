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
} as const;
