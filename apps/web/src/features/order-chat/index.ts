/** The order chat as the staff order page shows it: its section title and the chat. */
import { chatText } from './messages';

export { StaffOrderChat } from './components/staff-order-chat';
export const staffChatTitle = chatText.staffSection;
