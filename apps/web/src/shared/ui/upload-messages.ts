// Apart from shared/messages.ts, which every screen (the first visit's /login too) downloads:
// only the screens with an upload field need these.
/** The multi-file upload field (shared/ui/files-field.tsx) of the order form and the order workspace. */
export const uploadMessages = {
  filesLabel: 'Файлы',
  dropHint: 'Перетащите файлы сюда или',
  pickFiles: 'выберите на устройстве',
  filesHint: 'Документы, изображения и архивы, до 50 МБ каждый',
  uploading: (percent: number) => `Загрузка: ${percent} %`,
  uploaded: 'Загружен',
  cancelUpload: (name: string) => `Отменить загрузку ${name}`,
  removeFile: (name: string) => `Удалить файл ${name}`,
  uploadCancelled: 'Загрузка отменена',
  uploadFailed: (reason: string) => `Не загружен: ${reason}`,
  removeFailed: 'Не удалось удалить файл',
  filesUploading: 'Дождитесь окончания загрузки файлов',
} as const;
