/** Russian text of the staff sign-in and the staff frame. */
export const staffAuthMessages = {
  loginTitle: 'Вход для сотрудников',
  loginLead: 'Менеджеры и авторы входят здесь. Вход заказчика — отдельный.',
  emailLabel: 'E-mail',
  passwordLabel: 'Пароль',
  submit: 'Войти',
  logout: 'Выйти',
  logoutFailed: 'Не удалось выйти',
  navLabel: 'Разделы',
  navOrders: 'Заказы',
  navCare: 'Обращения',
  navRefunds: 'Возвраты',
  navCallbacks: 'Звонки',
  navAttribution: 'Источники заказов',
  menu: 'Меню',
  brand: 'Кабинет сотрудника',
} as const;
