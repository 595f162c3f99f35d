import type { RouteObject } from 'react-router';

/**
 * The staff section (`/staff`, managers and authors): its own guard, layout and lazy screens, so
 * that a customer's first visit downloads none of it. Composed into THE route table by router.tsx.
 */
export const staffRoutes: RouteObject[] = [];
