import { loginScreenMessages } from './login-messages';

/** Russian text of the sign-in screens. Validation messages come from the contract schemas. */
export const authScreenMessages = {
  ...loginScreenMessages,

  registrationTitle: 'Регистрация',
  fioLabel: 'Имя и фамилия',
  fioPlaceholder: 'Анна Смирнова',
  phoneLabel: 'Телефон',
  phonePlaceholder: '+7 (999) 123-45-67',
  phoneDescription: 'Необязательно. Позвоним, только если появятся вопросы по заказу',
  optionalPasswordDescription: 'Необязательно: оставьте пустым — пришлём пароль на почту',
  agreeBefore: 'Я принимаю ',
  agreeUserAgreement: 'пользовательское соглашение',
  agreeBetween: ' и ',
  agreeServiceContract: 'договор оказания услуг',
  agreeBeforePolicy: ', а также соглашаюсь на обработку персональных данных согласно ',
  agreePrivacyPolicy: 'политике конфиденциальности',
  /** Consent to advertising mail: unticked until the customer ticks it (the law on advertising). */
  newsletterLabel: 'Получать письма с акциями и советами',
  registrationSubmit: 'Зарегистрироваться',
  /** Shown where the new customer lands (the `msg` info modal): what registration e-mailed. */
  registeredPasswordSent:
    'Кабинет создан. Пароль для входа мы отправили вам на почту — письмо придёт в течение нескольких минут. Если его нет, загляните в папку «Спам».',
  registeredConfirmSent:
    'Кабинет создан. Мы отправили вам на почту письмо со ссылкой: откройте её, чтобы подтвердить e-mail.',
  haveAccount: 'Уже есть кабинет?',
  toLogin: 'Войти',

  restoreTitle: 'Восстановление пароля',
  restoreIntro: 'Укажите e-mail, с которым вы регистрировались. Мы пришлём ссылку для смены пароля.',
  restoreSubmit: 'Отправить ссылку',
  restoreDoneTitle: 'Проверьте почту',
  restoreDoneHint: 'Письмо может прийти в течение нескольких минут. Загляните и в папку «Спам».',
  backToLogin: 'Вернуться ко входу',

  changePasswordTitle: 'Новый пароль',
  newPasswordLabel: 'Новый пароль',
  newPasswordDescription: 'Не короче 8 символов',
  repeatPasswordLabel: 'Повторите пароль',
  passwordsMismatch: 'Пароли не совпадают',
  changePasswordSubmit: 'Сохранить пароль',
  requestNewLink: 'Запросить новую ссылку',

  socialEmailTitle: 'Укажите e-mail',
  socialEmailIntro:
    'Соцсеть не подтвердила нам ваш e-mail. Укажите его: мы пришлём ссылку, по которой вы войдёте, а потом — уведомления о заказах.',
  socialEmailSubmit: 'Продолжить',
  socialEmailSentHint: 'Письмо может прийти в течение нескольких минут. Загляните и в папку «Спам».',

  emailConfirmTitle: 'Подтверждение e-mail',
  emailConfirmPending: 'Проверяем ссылку…',
  emailConfirmInvalid: 'В ссылке нет кода подтверждения. Откройте ссылку из письма целиком.',
  toCabinet: 'Перейти в кабинет',

  registrationCancelTitle: 'Удаление кабинета',
  registrationCancelIntro:
    'Если вы не регистрировались в кабинете с этим e-mail, удалите его: кабинет и всё, что в нём сохранено, будут удалены безвозвратно. Удалить можно, пока e-mail не подтверждён.',
  registrationCancelSubmit: 'Удалить кабинет',
  registrationCancelInvalid: 'В ссылке нет кода. Откройте ссылку из письма целиком.',
} as const;
