/** The enumerations of the specification, in one import. */
export * from './languages.ts';
export * from './dimensions.ts';
export * from './categories.ts';
export * from './price-units.ts';
export * from './statuses.ts';
