export * from './cost';
export * from './link-rule';
export * from './originality';
export * from './schemas';
export * from './statuses';
