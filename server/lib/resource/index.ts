/** One typed way to declare a master-data resource; see docs/decisions/005-resource-pattern.md. */
export { filter } from './filters';
export { registerListRoutes, actorOf, specList, type ListEndpoint } from './list-routes';
export { runList, listConditions, listChunks } from './list-engine';
export { qualifiedFields } from './qualify';
export { refMatches } from './search';
export { registerResource, IdParams, type MountOptions } from './routes';
export { resourceService, type ResourceService, type WriteOptions } from './service';
export { fieldError, ConflictError } from './errors';
export type {
  Actor,
  AnyResourceDef,
  Expr,
  FilterSpec,
  ListSpec,
  MasterTable,
  RawOf,
  ResourceDef,
  SearchField,
  WriteEvent,
} from './types';
export { defineResource, iso, metaOf } from './define';
