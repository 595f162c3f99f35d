/**
 * `/order/{id}/chat` is the order chat's screen (features/order-chat), one component for the
 * customer and the staff. The route table names this file; the chat lives in its own feature.
 */
// eslint-disable-next-line import/no-restricted-paths -- the workspace's chat tab is the order-chat feature's screen; see the issue 10 report
export { default } from '../../order-chat/routes/chat-tab';
