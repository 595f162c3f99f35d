/** Russian text around the public documents (their bodies live in `content/`). */
export const documentMessages = {
  edition: (date: string) => `Редакция от ${date}`,
  contents: 'Содержание',
  companyName: 'Наименование',
  companyInn: 'ИНН',
  /** ОГРН has 13 digits; a sole trader's ОГРНИП has 15. */
  companyOgrn: (ogrn: string | null) => (ogrn?.length === 15 ? 'ОГРНИП' : 'ОГРН'),
  companyAddress: 'Адрес',
  companyEmail: 'E-mail',
  /** Development only: production does not start without the details. */
  companyNamePlaceholder: 'ООО «Название» — задайте COMPANY_NAME',
  companyUnset: (setting: string) => `не указан — задайте ${setting}`,
  companyLoading: 'Загружаем реквизиты…',
  companyFailed: 'Реквизиты не загрузились. Обновите страницу.',
} as const;
