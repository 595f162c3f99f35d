export * from './schemas';
export * from './search-text';
