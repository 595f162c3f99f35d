/** The profile's notification settings (ADR 044). */
export const notificationSettingsMessages = {
  title: 'Настройки уведомлений',
  intro: 'Выберите, о чём и как вам сообщать. Изменения сохраняются сразу.',
  caption: 'Каналы уведомлений по видам событий',
  event: 'Событие',
  /** The columns' headings: short, so that three channels fit a phone (the switches keep the full names). */
  column: { email: 'E-mail', push: 'Браузер', telegram: 'Telegram' },
  switchLabel: (event: string, channel: string) => `${event}: ${channel}`,
  saved: 'Настройки уведомлений сохранены',
  loadError: 'Не удалось загрузить настройки уведомлений',
  pushOffHere:
    'В этом браузере уведомления не включены: включите их в разделе «Уведомления в браузере», иначе отмеченные события сюда не придут.',
  emailOff:
    'Письма о заказах сейчас выключены в профиле (галочка «E-mail» в «Уведомлениях о заказах» выше): отмеченные письма не придут, пока вы её не включите.',
} as const;
