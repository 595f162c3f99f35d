import { formatCount, type PluralForms } from '../format';

const unreadForms: PluralForms = [
  'непрочитанное сообщение',
  'непрочитанных сообщения',
  'непрочитанных сообщений',
];

/** Russian text of the real-time layer (the offline banner's is `chatMessages.offline` in the contract). */
export const realtimeMessages = {
  /** «1 непрочитанное сообщение», «3 непрочитанных сообщения», «5 непрочитанных сообщений». */
  unread: (count: number) => formatCount(count, unreadForms),
  /** A tab whose socket the customer's newer tabs took (close 4429): a notice, not an alarm. */
  tooManyTabs:
    'Кабинет открыт в слишком многих вкладках, поэтому здесь новые сообщения сами не появляются. Обновите страницу, чтобы они снова приходили в эту вкладку.',
};
