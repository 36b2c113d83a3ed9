/** Report data: pull (GET /data/lists.json), push events, and the CRM search call-out. */
export * from './pull-query.ts';
export * from './user-item.ts';
export * from './report-items.ts';
export * from './pull-response.ts';
export * from './push.ts';
export * from './crm.ts';
export * from './consent.ts';
export * from './codes.ts';
