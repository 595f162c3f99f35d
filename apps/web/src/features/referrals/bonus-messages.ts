import { formatCount } from '../../shared/format';
import type { PluralForms } from '../../shared/plural';

/** The /bonus screen's words. */
export const bonusMessages = {
  title: 'Бонусы',
  loading: 'Загружаем бонусы',
  loadFailed: 'Не удалось загрузить бонусы',
  balanceLabel: 'Бонусов на счёте',
  /** The one place the unit is explained: bonuses are counted in bonuses everywhere else. */
  rate: '1 бонус = 1 ₽ при оплате заказа',
  bonusForms: ['бонус', 'бонуса', 'бонусов'] as PluralForms,
  earnTitle: 'Как получить бонусы',
  earnOrder: (percent: number) =>
    `${percent} % от цены каждого полностью оплаченного заказа (с денег, не с бонусов).`,
  earnFriend: (reward: string) =>
    `${reward} — вам и другу, когда друг зарегистрируется по вашей ссылке и оплатит первый заказ.`,
  spendTitle: 'Как потратить',
  spend: (percent: number) => `Бонусами можно оплатить до ${percent} % цены заказа — при оплате заказа.`,
  ttl: (days: number) =>
    `Бонусы действуют ${formatCount(days, ['день', 'дня', 'дней'])} с начисления; первыми тратятся самые старые.`,
  expiringTitle: 'Скоро сгорят',
  expiringItem: (amount: string, date: string) => `${amount} — ${date}`,
  nothingExpiring: 'В ближайшее время ничего не сгорит.',
  historyTitle: 'История',
  historyEmpty: 'Бонусов пока не было. Оплатите заказ или пригласите друга.',
  historyDate: 'Дата',
  historyWhat: 'Операция',
  historyAmount: 'Сумма',
  expiresAt: (date: string) => `сгорит ${date}`,
  toFriend: 'Пригласить друга',
  pagesLabel: 'Страницы истории',
} as const;
