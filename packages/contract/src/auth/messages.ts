/** Russian messages of the sign-in flow, in a module of their own so screens can use them without zod. */
export const authMessages = {
  emailRequired: 'Введите e-mail',
  emailInvalid: 'Введите корректный e-mail, например name@example.com',
  emailTaken: 'Пользователь с таким e-mail уже зарегистрирован',
  agreeRequired: 'Нужно согласие с пользовательским соглашением и политикой конфиденциальности',
  badCredentials: 'Неверный e-mail или пароль',
  codeInvalid: 'Неверный или устаревший код. Запросите новый код',
  codeFormat: 'Код — 6 цифр из письма',
  codeSent: 'Если такой e-mail зарегистрирован, мы отправили на него код для входа',
  restoreSent: 'Если такой e-mail зарегистрирован, мы отправили на него ссылку для смены пароля',
  linkInvalid: 'Ссылка недействительна или устарела. Запросите новую',
  passwordChanged: 'Пароль изменён. Войдите с новым паролем',
  tokenInvalid: 'Ссылка для входа недействительна или устарела',
  socialTokenInvalid: 'Срок действия входа через соцсеть истёк. Попробуйте войти ещё раз',
  notAuthorized: 'not authorized',
  tooManyAttempts: 'Слишком много попыток. Попробуйте позже',
  crossSite: 'Запрос с другого сайта отклонён',
  emailChangeSent: 'Мы отправили письмо со ссылкой для подтверждения на новый e-mail',
  phoneInvalid: 'Введите телефон в формате +7 999 123-45-67',
  fioTooLong: 'Слишком длинное имя',
  loggedOut: 'Вы вышли из кабинета',
  emailSame: 'Это ваш текущий e-mail',
  emailChanged: 'Готово: e-mail в профиле изменён',
  socialFailed: 'Не удалось войти через соцсеть. Попробуйте ещё раз',
  socialEmailSent:
    'Мы отправили письмо со ссылкой на этот адрес. Откройте её, чтобы подтвердить e-mail и войти: ссылка действует 24 часа',
  emailConfirmed: 'Готово: e-mail подтверждён',
  socialEmailConfirmed: 'Готово: e-mail подтверждён, вы вошли в кабинет',
  currentPasswordRequired: 'Введите текущий пароль',
  currentPasswordWrong: 'Неверный пароль',
  passwordNotSet:
    'У вас ещё нет пароля. Мы отправили на текущий e-mail ссылку, чтобы его задать: задайте пароль, войдите с ним и повторите смену',
  emailChangeCancelled: 'Смена e-mail отменена, все сеансы входа завершены. Смените пароль',
} as const;

/**
 * The answers of the registration mail's «not me» link, apart from authMessages: the sign-in
 * screens of a first visit carry those, and none of these.
 */
export const registrationCancelMessages = {
  cancelled: 'Кабинет удалён вместе со всем, что в нём было. Больше писем о нём не будет',
  proved:
    'Кабинет не удалён: его владелец уже подтвердил этот e-mail. Если кабинет не ваш, напишите в поддержку',
  paid: 'Кабинет не удалён: в нём уже есть оплаты. Войдите в него по коду, отправленному на этот e-mail, — прежний пароль и чужие входы отключатся, — или напишите в поддержку',
} as const;
