import { AVATAR_MAX_MB, avatarMessages as serverMessages } from '@cabinet/contract';

/** Russian text of the avatar block and its crop dialog. */
export const avatarMessages = {
  sectionTitle: 'Фото профиля',
  hint: `JPEG, PNG, WebP, GIF или AVIF до ${AVATAR_MAX_MB} МБ. Фото видно только вам и вашим менеджерам.`,
  currentAlt: 'Ваше фото',
  upload: 'Загрузить фото',
  replace: 'Заменить фото',
  remove: 'Удалить фото',
  removed: 'Фото удалено',
  saved: 'Фото сохранено',
  notImage: serverMessages.notImage,
  heic: serverMessages.heic,
  tooLarge: `Файл больше ${AVATAR_MAX_MB} МБ: выберите фото поменьше`,
  unreadable: 'Не удалось открыть это фото в браузере: попробуйте другое',
  cropFailed: 'Не удалось подготовить фото: попробуйте ещё раз или выберите другое',
  uploadFailed: 'Не удалось загрузить фото',
  removeFailed: 'Не удалось удалить фото',
  cropTitle: 'Выберите квадрат для фото',
  cropArea: 'Область фото: двигайте стрелками, масштаб — плюсом и минусом или ползунком',
  zoom: 'Масштаб',
  save: 'Сохранить',
  cancel: 'Отмена',
  cancelUpload: 'Отменить загрузку',
  uploading: (percent: number) => `Загружаем фото: ${percent}%`,
} as const;
