import { plural } from './plural';

/**
 * Russian strings shared by several screens. Feature-specific text lives in the feature's own
 * `messages.ts`.
 */

export const commonMessages = {
  serviceName: 'Кабинет студента',
  skipToContent: 'Перейти к содержимому',
  supportPhoneLabel: 'Телефон поддержки',
  unexpectedError: 'Не удалось выполнить запрос. Попробуйте ещё раз.',
  passwordShow: 'Показать пароль',
  passwordHide: 'Скрыть пароль',
  themeToDark: 'Включить тёмную тему',
  themeToLight: 'Включить светлую тему',
  documentsNav: 'Документы',
  userAgreement: 'Пользовательское соглашение',
  serviceContract: 'Договор оказания услуг',
  privacyPolicy: 'Политика конфиденциальности',
  errorTitle: 'Ошибка',
} as const;

export const errorPageMessages = {
  notFoundCode: '404',
  notFoundTitle: 'Страница не найдена',
  notFoundText: 'Возможно, ссылка устарела или в адресе опечатка. Проверьте адрес или начните с главной.',
  tooManyCode: '429',
  tooManyTitle: 'Слишком много запросов',
  tooManyText: 'Мы получили от вас слишком много попыток за короткое время и пока не принимаем новые.',
  /** How long the server asked to wait (its `Retry-After`), in whole minutes. */
  tooManyWaitMinutes: (minutes: number) =>
    `Попробуйте примерно через ${minutes} ${plural(minutes, ['минуту', 'минуты', 'минут'])}.`,
  tooManyWaitSeconds: 'Попробуйте снова меньше чем через минуту.',
  tooManyWaitOver: 'Время ожидания прошло — можно попробовать снова.',
  tooManyWaitUnknown: 'Подождите немного и попробуйте снова.',
  retry: 'Попробовать снова',
  appErrorTitle: 'Что-то пошло не так',
  appErrorText:
    'Приложение столкнулось с ошибкой. Перезагрузите страницу — обычно это помогает. Если ошибка повторяется, позвоните в поддержку.',
  reload: 'Перезагрузить страницу',
  toHome: 'На главную',
} as const;
