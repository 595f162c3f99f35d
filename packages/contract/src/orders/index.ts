export * from './cost';
export * from './link-rule';
export * from './schemas';
export * from './statuses';
