/**
 * The order chat's limits and texts, apart from its schemas (schemas.ts) so that a screen that
 * needs only these does not build every schema of the chat when it loads.
 */

export const CHAT_TEXT_MAX = 4000;
export const CHAT_PAGE_SIZE = 30;
export const CHAT_PAGE_SIZE_MAX = 100;
/** Files one message may carry. */
export const CHAT_MAX_FILES = 10;
/** A frame longer than this (bytes, either way) is refused: an error frame, or close 1009. */
export const CHAT_FRAME_MAX_BYTES = 16 * 1024;
/** The client sends at most one typing frame per this many ms while the user types… */
export const CHAT_TYPING_THROTTLE_MS = 2_500;
/** …and the other side hides «печатает…» this long after the last one. */
export const CHAT_TYPING_TTL_MS = 6_000;
/** Default minutes a message stays unread before the e-mail digest (CHAT_DIGEST_MINUTES). */
export const DEFAULT_CHAT_DIGEST_MINUTES = 10;
/** The document title, and the same title with the unread count: «(3) Кабинет студента». */
export const CHAT_TITLE = 'Кабинет студента';

export const chatMessages = {
  textRequired: 'Напишите сообщение или прикрепите файл',
  textTooLong: `Сообщение — не длиннее ${CHAT_TEXT_MAX} символов`,
  tooManyFiles: `Не больше ${CHAT_MAX_FILES} файлов в одном сообщении`,
  clientIdInvalid: 'Неверный идентификатор сообщения',
  upToInvalid: 'Неверный номер сообщения',
  beforeAndAfter: 'Укажите что-то одно: before или after',
  orderNotFound: 'Заказ не найден',
  chatClosed: 'Заказ в корзине: переписка недоступна',
  frameInvalid: 'Непонятное сообщение',
  frameTooBig: 'Слишком длинное сообщение',
  unknownType: 'Неизвестный тип сообщения',
  tooManyFrames: 'Слишком много сообщений: подождите немного',
  offline: 'Нет соединения. Сообщения отправятся, когда связь вернётся',
  reconnecting: 'Соединение восстанавливается…',
  notSent: 'не отправлено',
  sending: 'отправляется',
  sent: 'отправлено',
  read: 'прочитано',
  typing: 'печатает…',
} as const;
