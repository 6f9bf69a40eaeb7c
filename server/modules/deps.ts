import type { Config } from '../config';
import type { Database, Db } from '../db/client';
import type { FileStore } from '../lib/files';
import type { MailQueue } from '../lib/mail-queue';
import type { Secrets } from '../lib/secrets';
import type { SignedLinks } from '../lib/signed-links';
import type { SessionGate } from './auth/sessions';
import type { TokenService } from './auth/tokens';
import type { BossProvider } from '../lib/jobs';
import type { SetupServices } from './setup/setup.services';
import type { MapSettings } from './views/map-settings';

/**
 * What every module's routes receive: one object, built once in `buildApp`, so a module asks for
 * what it needs by name and a new dependency does not change twenty signatures (issue 11).
 * Services are factories over the parts they use (`xService(deps.db, …)`), never module state.
 */
export interface ModuleDeps {
  config: Config;
  /** The pool and Drizzle handle; most modules need only `db`. */
  database: Database;
  db: Db;
  /** Queues mail on the one pg-boss (`send(mail, tx)` in the change's transaction); the mail worker sends it. */
  mailer: MailQueue;
  files: FileStore;
  /** The one pg-boss handle for routes that send or retry jobs. */
  boss: BossProvider;
  tokens: TokenService;
  sessions: SessionGate;
  map: MapSettings;
  /** The setup area's resources, for modules that build on them (imports, equipment copy). */
  setup: SetupServices;
  /** Seals and opens integration secrets at rest (AES-256-GCM, key from FAMS_SECRET_KEY or DATA_DIR). */
  secrets: Secrets;
  /** Purpose-bound, expiring links for people without an account (a customer's quotation). */
  links: SignedLinks;
  version: string;
}
