import type { OrderStatusId, OrderTab } from '@cabinet/contract';
import type { GreetingAction } from './model';
import { formatCount } from '../../shared/format';

/** A topic may run to 500 characters; a link's name needs only its start. */
function clip(text: string, max: number): string {
  return text.length > max ? `${text.slice(0, max - 1).trimEnd()}…` : text;
}

/** Russian text of the orders list, success and welcome screens. */
export const ordersMessages = {
  listTitle: 'Мои заказы',
  tabsLabel: 'Вкладки заказов',
  tabs: { active: 'Активные', archive: 'Архив', done: 'Выполненные' } satisfies Record<OrderTab, string>,
  counterLabel: (count: number) => `(${count})`,
  orderNumber: (id: number) => `Заказ №${id}`,
  /** The card's link: the number, the work and its topic, so a list of links reads apart. */
  openOrder: (id: number, title: string, topic: string) =>
    topic ? `Заказ №${id}: ${title} — ${clip(topic, 80)}` : `Заказ №${id}: ${title}`,
  deadline: (date: string) => `до ${date}`,
  noDeadline: 'Срок не указан',
  priceLabel: 'Стоимость',
  packet: 'В пакете заказов',
  packetGroup: (count: number) => `Пакет заказов · ${formatCount(count, ['работа', 'работы', 'работ'])}`,
  actions: (id: number) => `Действия с заказом №${id}`,
  open: 'Открыть',
  edit: 'Редактировать',
  trash: 'Переместить в архив',
  restore: 'Восстановить',
  loading: 'Загружаем заказы',
  empty: {
    active: 'Активных заказов нет. Оформите заказ — автор возьмётся за работу, как только вы его оплатите.',
    archive: 'В архиве пусто. Сюда попадают отменённые заказы и те, что вы переместили в архив.',
    done: 'Выполненных заказов пока нет. Здесь появятся работы, которые вы приняли.',
  } satisfies Record<OrderTab, string>,
  newOrder: 'Новый заказ',
  drafts: {
    title: 'Черновики',
    /** The strip's lead: a draft is an order not yet placed. */
    lead: 'Заказы, которые вы начали оформлять. Их ещё никто не видит.',
    untitled: 'Заказ без типа работы',
    noTopic: 'Тема не указана',
    saved: (date: string) => `Сохранён ${date}`,
    more: (count: number) => `И ещё ${formatCount(count, ['черновик', 'черновика', 'черновиков'])}`,
    continue: 'Продолжить',
    delete: 'Удалить',
    /** Names the draft for a screen reader: every row has the same two buttons. */
    continueLabel: (name: string) => `Продолжить черновик: ${name}`,
    deleteLabel: (name: string) => `Удалить черновик: ${name}`,
    confirm: 'Удалить черновик насовсем? Его файлы удалятся тоже.',
    confirmYes: 'Да, удалить',
    confirmNo: 'Оставить',
    deleted: 'Черновик удалён',
  },
  loadFailed: 'Не удалось загрузить заказы',
  retry: 'Повторить',
  pagesLabel: 'Страницы списка заказов',
  trashed: 'Заказ перемещён в архив',
  restored: 'Заказ восстановлен',
  undo: 'Отменить',
  closeSnackbar: 'Закрыть уведомление',
  unexpectedError: 'Не удалось выполнить запрос. Попробуйте ещё раз.',

  successTitle: (id: number) => `Заказ №${id} оформлен`,
  successLead: 'Спасибо! Мы получили заказ, он уже в вашем кабинете.',
  welcomeTitle: 'Здравствуйте!',
  welcomeLead: (id: number) => `Вы перешли по ссылке из письма. Вот ваш заказ №${id}.`,
  statusLabel: 'Статус',
  topicLabel: 'Тема',
  workTypeLabel: 'Тип работы',
  nextTitle: 'Что будет дальше',
  /** The next steps follow the order's real status, not the moment it was placed. */
  nextSteps: {
    1: [
      'Менеджер проверит требования и подтвердит стоимость — обычно это занимает до часа.',
      'Вы оплатите заказ в кабинете, и мы передадим его автору.',
      'Автор будет писать вам в чате заказа, а готовую работу вы найдёте во вкладке «Файлы».',
    ],
    2: [
      'Стоимость подтверждена — оплатите заказ в кабинете.',
      'Сразу после оплаты мы начнём подбирать автора.',
      'Автор будет писать вам в чате заказа, а готовую работу вы найдёте во вкладке «Файлы».',
    ],
    3: [
      'Оплата получена — мы подбираем автора под вашу тему и срок.',
      'Когда автор возьмётся за работу, статус сменится на «Автор пишет работу».',
      'Вопросы автору и менеджеру можно задать в чате заказа.',
    ],
    4: [
      'Автор пишет работу к вашему сроку.',
      'Заглядывайте в чат заказа: автор может уточнить детали.',
      'Готовую работу вы найдёте во вкладке «Файлы».',
    ],
    5: [
      'Автор прислал работу — она во вкладке «Файлы».',
      'Проверьте её: если всё в порядке, примите работу; если нет — отправьте на доработку и напишите, что исправить.',
    ],
    6: [
      'Автор исправляет работу по вашим замечаниям.',
      'Исправленная версия появится во вкладке «Файлы», и вы проверите её ещё раз.',
    ],
    7: [
      'Работа принята — заказ выполнен.',
      'Файлы работы остаются во вкладке «Файлы» заказа.',
      'Нужна ещё одна работа? Оформите новый заказ.',
    ],
    8: ['Заказ отменён: над ним никто не работает.', 'Если работа всё ещё нужна, оформите новый заказ.'],
    9: [
      'Оплата получена, автор назначен — он скоро возьмётся за работу.',
      'Когда автор начнёт, статус сменится на «Автор пишет работу».',
      'Вопросы автору и менеджеру можно задать в чате заказа.',
    ],
    16: [
      'Заказ в архиве: над ним никто не работает.',
      'Вернуть его можно во вкладке «Архив» списка заказов.',
    ],
  } satisfies Record<OrderStatusId, readonly string[]>,
  nextActions: {
    pay: 'Оплатить заказ',
    payPacket: 'Оплатить пакет',
    review: 'Проверить работу',
    files: 'Открыть файлы',
    chat: 'Открыть чат заказа',
    order: 'Перейти к заказу',
    newOrder: 'Оформить новый заказ',
    archive: 'Открыть архив',
  } satisfies Record<GreetingAction | 'payPacket', string>,
  toOrder: 'Перейти к заказу',
  toList: 'К списку заказов',
  payPacket: 'Оплатить пакет',
  greetingFailed: 'Не удалось загрузить заказ',
} as const;
