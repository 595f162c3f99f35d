/**
 * Russian text of /login (and the fields every sign-in screen shares). Apart from the other
 * screens' text: /login is the first visit's screen, and only its own strings belong in that download.
 */
export const loginScreenMessages = {
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
} as const;
