/** Russian text of the /logout screen (shown when the address was opened from outside the app). */
export const logoutScreenMessages = {
  text: 'Вы перешли по ссылке на выход из кабинета. Выйдите, если это были вы, или вернитесь к заказам.',
  back: 'Вернуться в кабинет',
};
