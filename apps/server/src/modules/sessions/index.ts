/**
 * The refresh-token families (ADR 002, ADR 014) that the customers' and the staff's sign-ins share.
 * It imports no other module.
 */
export { RefreshFamilies } from './families';
