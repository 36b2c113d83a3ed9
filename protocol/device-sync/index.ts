/** The device sync extension: customers, reports, CRM relay, integration settings, shared links. */
export * from './codes.ts';
export * from './users.ts';
export * from './reports.ts';
export * from './deletions.ts';
export * from './crm-search.ts';
export * from './integration.ts';
export * from './shared-links.ts';
export * from './standing.ts';
