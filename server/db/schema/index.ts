export * from './accounts';
export * from './auth';
export * from './audit';
export * from './setup-sites';
export * from './setup-fleet';
export * from './setup-rules';
export * from './field';
export * from './imports';
