import { formatMoney, plural } from '../../shared/format';

/** Russian text of the order workspace (`/order/{id}` and its tabs). Server answers come from the contract. */
export const workspaceText = {
  orderNumber: (id: number) => `Заказ № ${id}`,
  /** The phone's one-line header unfolds to the whole card and folds back. */
  headerMore: 'Подробнее о заказе',
  headerLess: 'Свернуть сведения о заказе',
  loadFailed: 'Не удалось загрузить заказ.',

  // The header.
  deadline: 'Срок сдачи',
  deadlineAt: (day: string) => `${day}, до 23:59 по Москве`,
  noDeadline: 'Срок не назначен',
  dueToday: 'сдача сегодня',
  left: (count: string) => `осталось ${count}`,
  overdueBy: (count: string) => `просрочен на ${count}`,
  price: 'Стоимость',
  pricePending: 'Стоимость оценивается',
  paidOf: (paid: number, price: number) =>
    `Оплачено ${formatMoney(paid / 100)} из ${formatMoney(price / 100)}`,
  author: 'Автор',
  authorPending: 'Автор пока не назначен',
  guarantee: 'Гарантия',
  guaranteeUntil: (day: string) => `до ${day}`,
  accept: 'Принять работу',
  acceptTitle: 'Принять работу?',
  acceptText:
    'Заказ будет завершён. Доработку по гарантии можно будет запросить, пока действует гарантийный срок.',
  acceptConfirm: 'Принять',
  acceptCancel: 'Отмена',
  accepted: 'Работа принята. Спасибо!',
  sendBack: 'Отправить на доработку',
  pay: 'Оплатить заказ',
  tip: 'Оставить чаевые автору',
  /** The originality report's line (the checking system's name and the requirement as the order has them). */
  originality: (percent: number, system: string | null, required: number) =>
    `Оригинальность ${percent}\u00a0%${system ? ` по ${system}` : ''} (требуется ${required}\u00a0%)`,
  originalityLabel: 'Проверка на оригинальность',
  originalityBelow: 'Ниже требуемой',
  originalityMet: 'Требование выполнено',
  originalityReport: 'Открыть отчёт',
  originalityReportFailed: 'Не удалось открыть отчёт. Он есть во вкладке «Файлы».',
  originalityRework: 'Бесплатная доработка',
  originalityReworkHint: 'Оригинальность ниже заказанной: автор доработает текст бесплатно, по гарантии.',

  // The tabs.
  tabsLabel: 'Разделы заказа',
  tabs: { chat: 'Чат', files: 'Файлы', care: 'Забота', reworks: 'Доработки' },
  tabWithCount: (label: string, count: number) =>
    count > 0 ? `${label} (${count} ${plural(count, ['новый', 'новых', 'новых'])})` : label,

  // The timeline.
  timelineTitle: 'История заказа',
  timelineShow: 'Показать историю',
  timelineHide: 'Скрыть историю',
  timelineEmpty: 'Событий пока нет.',
  timelineFailed: 'Не удалось загрузить историю.',

  // Chat.
  chatTitle: 'Чат по заказу',
  chatPlaceholder:
    'Чат с автором появится здесь: переписка по заказу, сообщения в реальном времени. Пока с вопросами пишите в «Заботу».',
  chatToCare: 'Написать в «Заботу»',

  // Files.
  filesTitle: 'Файлы заказа',
  groups: {
    customer: 'Ваши файлы',
    without_qc: 'Добавлены без проверки',
    intermediate: 'Промежуточные файлы',
    final: 'Готовая работа',
    report: 'Отчёт об оригинальности',
  },
  filesEmpty: 'В заказе пока нет файлов. Добавьте свои — автор увидит их.',
  filesFailed: 'Не удалось загрузить файлы.',
  fileNew: 'новый',
  /** The newest of several final files. */
  currentVersion: 'Текущая версия',
  fileFrom: (name: string) => `Загрузил: ${name}`,
  download: 'Скачать',
  downloadFile: (name: string) => `Скачать ${name}`,
  preview: 'Просмотр',
  openInTab: 'Открыть в новой вкладке',
  previewFile: (name: string) => `Открыть ${name} для просмотра`,
  previewFailed: 'Не удалось открыть файл',
  markReviewed: 'Отметить просмотренным',
  markReviewedFile: (name: string) => `Отметить просмотренным: ${name}`,
  markReviewedFailed: 'Не удалось отметить файл',
  downloadFailed: 'Не удалось скачать файл',
  zip: 'Скачать всё архивом',
  zipProgress: (bytes: number) => `Скачано ${formatSize(bytes)}`,
  zipCancel: 'Отменить скачивание архива',
  zipFailed: 'Не удалось скачать архив',
  addFiles: 'Добавить файлы',
  addFilesHint: 'Документы, изображения и архивы, до 50 МБ каждый. Автор увидит их в заказе.',
  close: 'Закрыть',

  // Reworks.
  reworksTitle: 'Доработки',
  reworkNew: 'Запросить доработку',
  reworkComment: 'Что нужно доработать',
  reworkWishedDate: 'Желаемая дата',
  reworkWishedDateHint: 'Не раньше завтрашнего дня',
  reworkFiles: 'Файлы к доработке',
  reworkSubmit: 'Отправить на доработку',
  reworkSent: 'Доработка запрошена: автор получил ваш комментарий',
  reworksEmpty: 'Доработок по заказу не было.',
  reworksFailed: 'Не удалось загрузить доработки.',
  reworkNumber: (n: number) => `Доработка № ${n}`,
  reworkWished: (day: string) => `Желаемая дата: ${day}`,
  answerNew: 'новый ответ',
  back: 'Назад к списку',
  threadTitle: 'Переписка',
  threadEmpty: 'Сообщений пока нет.',
  detailFailed: 'Не удалось загрузить переписку.',

  // Care.
  careTitle: 'Забота о заказе',
  careIntro: 'Вопрос или жалоба по заказу — служба заботы ответит здесь и по e-mail.',
  careNew: 'Новое обращение',
  careKind: 'Тип обращения',
  careText: 'Сообщение',
  careFiles: 'Файлы к обращению',
  careSubmit: 'Отправить',
  careSent: 'Обращение отправлено',
  careEmpty: 'Обращений по заказу пока нет.',
  careFailed: 'Не удалось загрузить обращения.',
  careOpen: (subject: string) => `Открыть обращение: ${subject}`,
  careReply: 'Ваше сообщение',
  careReplySubmit: 'Отправить сообщение',
  careReplySent: 'Сообщение отправлено',
  careClosedNote: 'Обращение закрыто. Если вопрос остался, создайте новое.',
  cancel: 'Отмена',
} as const;

const sizeFormat = new Intl.NumberFormat('ru-RU', { maximumFractionDigits: 1 });

/** «340 Б», «12,5 КБ», «3,2 МБ». */
export function formatSize(bytes: number): string {
  if (bytes < 1024) return `${bytes} Б`;
  if (bytes < 1024 * 1024) return `${sizeFormat.format(bytes / 1024)} КБ`;
  if (bytes < 1024 ** 3) return `${sizeFormat.format(bytes / 1024 ** 2)} МБ`;
  return `${sizeFormat.format(bytes / 1024 ** 3)} ГБ`;
}

export const unitForms = {
  minutes: ['минута', 'минуты', 'минут'],
  minutesAcc: ['минуту', 'минуты', 'минут'],
  hours: ['час', 'часа', 'часов'],
  days: ['день', 'дня', 'дней'],
} as const;
