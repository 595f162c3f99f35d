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
};
