/** The Skin API (/skin_api/): upload policies, analysis tasks, results and direct detection. */
export * from './api-codes.ts';
export * from './task-codes.ts';
export * from './upload-policy.ts';
export * from './task-request.ts';
export * from './task-normalize.ts';
export * from './task-result.ts';
export * from './task-store.ts';
export * from './detection.ts';
export * from './skin-attributes.ts';
export { canonicalJson, isHttpResourceUrl, RESOURCE_URL_MAX } from './task-util.ts';
