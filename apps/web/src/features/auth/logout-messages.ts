/** Russian text of the /logout screen (shown when the address was opened from outside the app). */
export const logoutScreenMessages = {
  title: 'Выйти из кабинета?',
  text: 'Вы перешли по ссылке на выход из кабинета. Выйдите, если это были вы, или вернитесь к заказам.',
  confirm: 'Выйти',
  back: 'Вернуться в кабинет',
};
