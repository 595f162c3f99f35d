/** Russian text of the sign-in screens. Validation messages come from the contract schemas. */
export const authScreenMessages = {
  emailLabel: 'E-mail',
  emailPlaceholder: 'name@example.com',
  passwordLabel: 'Пароль',
  forgotPassword: 'Забыли пароль?',

  loginTitle: 'Вход в кабинет',
  loginMethodsLabel: 'Способ входа',
  loginTabPassword: 'По паролю',
  loginTabCode: 'По коду из письма',
  loginSubmit: 'Войти',
  codeRequest: 'Получить код',
  codeLabel: 'Код из письма',
  codeDescription: '6 цифр. Код действует несколько минут',
  codeSubmit: 'Войти',
  codeResend: 'Отправить код ещё раз',
  codeChangeEmail: 'Изменить e-mail',
  codeSentTo: (email: string) => `Отправили код на ${email}, если он зарегистрирован.`,
  noAccount: 'Ещё нет кабинета?',
  toRegistration: 'Зарегистрироваться',

  lastAttempt: 'Осталась 1 попытка. Если и она не подойдёт, вход для этого e-mail на время закроется.',
  noAttemptsLeft: 'Попытки закончились: вход для этого e-mail на время закрыт.',
  restoreInstead: 'Восстановить пароль',
  linkUsedTitle: 'Ссылка для входа не сработала',
  linkUsed:
    'Эта ссылка уже использована или устарела: по ней можно войти только один раз. Войдите по паролю или получите код на e-mail на вкладке «По коду из письма».',
  linkFailed:
    'Не удалось войти по ссылке: сервер не ответил. Откройте ссылку из письма ещё раз или войдите по паролю или коду.',

  socialTitle: 'Или войдите через',
  socialNames: { vk: 'ВКонтакте', google: 'Google', yandex: 'Яндекс' },
  socialSignIn: (name: string) => `Войти через ${name}`,
  socialLoadFailed: 'Не удалось загрузить входы через соцсети. Войдите по паролю или коду.',

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
} as const;
