/** The merchant data interface (/open_api/): schemas, types and code-specific validators. */
export * from './validation.ts';
export * from './formats.ts';
export * from './query.ts';
export * from './paging.ts';
export * from './list-items.ts';
export * from './catalogue-fields.ts';
export * from './catalogue-items.ts';
export * from './catalogue-requests.ts';
export * from './catalogue-validators.ts';
export * from './batch.ts';
export * from './store-requests.ts';
export * from './account-requests.ts';
