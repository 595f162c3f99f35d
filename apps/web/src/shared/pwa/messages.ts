/** The installable app's strings (ADR 045). */
export const pwaMessages = {
  updateAvailable: 'Доступна новая версия',
  update: 'Обновить',
  updating: 'Обновляем…',
  close: 'Закрыть уведомление',
} as const;
