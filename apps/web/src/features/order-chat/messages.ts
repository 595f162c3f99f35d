import { chatMessages } from '@cabinet/contract';
import { formatCount } from '../../shared/format';

/** Russian text of the order chat (customer and staff faces). Server answers come from the contract. */
export const chatText = {
  ...chatMessages,
  title: 'Чат по заказу',
  /** The staff order page's section. */
  staffSection: 'Чат',
  log: 'Переписка по заказу',
  you: 'Вы',
  today: 'Сегодня',
  yesterday: 'Вчера',
  loadFailed: 'Не удалось загрузить переписку.',
  olderFailed: 'Не удалось загрузить предыдущие сообщения.',
  retry: 'Повторить',
  remove: 'Удалить',
  removeUnsent: 'Удалить неотправленное сообщение',
  showOlder: 'Показать предыдущие',
  loadingOlder: 'Загружаем предыдущие сообщения…',
  newMessages: 'Новые сообщения ↓',
  emptyCustomer: 'Сообщений пока нет. Напишите автору — он ответит здесь',
  emptyStaff: 'Сообщений пока нет. Напишите заказчику — он увидит сообщение в кабинете',
  composer: 'Сообщение',
  placeholder: 'Напишите сообщение…',
  send: 'Отправить',
  attach: 'Прикрепить файлы',
  attachments: 'Файлы к сообщению',
  typingOf: (name: string) => `${name} ${chatMessages.typing}`,
  state: 'Состояние',
  files: (count: number) => formatCount(count, ['файл', 'файла', 'файлов']),
  download: (name: string) => `Скачать ${name}`,
  downloadFailed: 'Не удалось скачать файл',
  uploadsPending: 'Дождитесь, пока загрузятся файлы',
} as const;
