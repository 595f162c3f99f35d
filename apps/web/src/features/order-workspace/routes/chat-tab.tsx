/**
 * `/order/{id}/chat` is the order chat's screen (features/order-chat), one component for the
 * customer and the staff. The route table names this file; the chat lives in its own feature.
 */
// eslint-disable-next-line import/no-restricted-paths -- the workspace's chat tab is the order-chat feature's screen; ADR 015
export { default } from '../../order-chat/routes/chat-tab';
