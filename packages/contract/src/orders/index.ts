export * from './cost';
export * from './link-rule';
