/** Russian text of the staff sign-in, the staff frame and /staff/logout's question. */
export const staffAuthMessages = {
  loginTitle: 'Вход для сотрудников',
  loginLead: 'Менеджеры и авторы входят здесь. Вход заказчика — отдельный.',
  emailLabel: 'E-mail',
  passwordLabel: 'Пароль',
  submit: 'Войти',
  logout: 'Выйти',
  logoutFailed: 'Не удалось выйти',
  logoutText:
    'Вы перешли по ссылке на выход из кабинета сотрудника. Выйдите, если это были вы, или вернитесь к заказам.',
  logoutBack: 'Вернуться к заказам',
  navLabel: 'Разделы',
  navOrders: 'Заказы',
  navCare: 'Обращения',
  navRefunds: 'Возвраты',
  navCallbacks: 'Звонки',
  navAttribution: 'Источники заказов',
  navProfile: 'Мой профиль',
  menu: 'Меню',
  brand: 'Кабинет сотрудника',
} as const;
