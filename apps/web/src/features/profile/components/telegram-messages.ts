/** The profile's Telegram section (ADR 046). */
export const telegramMessages = {
  title: 'Уведомления в Telegram',
  hint: 'Сообщения автора, смена статуса, готовые файлы и оплаты — в чат с нашим ботом.',
  off: 'Telegram не подключён.',
  on: (date: string) => `Уведомления приходят в Telegram (подключено ${date}).`,
  connect: 'Подключить Telegram',
  open: 'Открыть бота в Telegram',
  linkHint: 'Откройте бота и нажмите «Start» («Запустить»). Ссылка действует 10 минут и подходит один раз.',
  check: 'Я подключил — проверить',
  disconnect: 'Отключить',
  disconnected: 'Уведомления в Telegram отключены',
} as const;
