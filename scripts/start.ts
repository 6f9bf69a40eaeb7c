/**
 * `npm start`: builds the PWA when `dist/` is missing or older than its sources, then starts the
 * server. A newcomer needs nothing but `npm install && npm start`.
 */
import { ensureBuild } from './ensure-build';

ensureBuild();
await import('../server/main');
