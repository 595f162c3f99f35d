/** Russian text around the public documents (their bodies live in `content/`). */
export const documentMessages = {
  edition: (date: string) => `Редакция от ${date}`,
  contents: 'Содержание',
} as const;
