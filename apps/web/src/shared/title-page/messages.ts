/** Every string of the title page generator. */
export const titlePageText = {
  open: 'Титульный лист',
  title: 'Титульный лист',
  intro:
    'Заполните поля — титульный лист оформится по ГОСТ 7.32: поля 30, 15, 20 и 20 мм, блоки по центру. ' +
    'Обязательны вуз, тип работы, тема, ФИО студента, город и год.',
  fields: {
    university: 'Вуз',
    faculty: 'Факультет или институт',
    department: 'Кафедра',
    work_type: 'Тип работы',
    subject: 'Дисциплина',
    topic: 'Тема',
    student_name: 'ФИО студента',
    group: 'Группа',
    supervisor: 'Руководитель (ФИО)',
    supervisor_title: 'Должность и степень руководителя',
    city: 'Город',
    year: 'Год',
  },
  placeholders: {
    department: 'Кафедра финансов и кредита',
    work_type: 'Курсовая работа',
    supervisor_title: 'доцент кафедры, к.э.н.',
  },
  preview: 'Предпросмотр',
  previewTitle: 'Предпросмотр титульного листа',
  previewHint: 'Если просмотр не открылся, скачайте PDF.',
  downloadDocx: 'Скачать DOCX',
  downloadPdf: 'Скачать PDF',
  close: 'Закрыть',
  yearNotNumber: 'Введите год цифрами, например 2026',
  failed: 'Не удалось сформировать титульный лист. Попробуйте ещё раз',
  checkFields: 'Проверьте выделенные поля',
} as const;
