/** The commercial area's contract: customers, sites, price list, quotations (issue 16). */
export * from './customers';
export * from './sites';
export * from './catalogue';
export * from './quotations';
export * from './quote-math';
export * from './documents';
export * from './resources';
export * from './columns';
