export * from './common/errors';
export * from './common/load-status';
export * from './auth/password';
export * from './auth/schemas';
export * from './profile/schemas';
export * from './reference';
export * from './orders';
export * from './paths';
