/**
 * A slow mobile link in front of a local server, for page-load benches: an HTTP proxy on
 * 127.0.0.1 that adds a round trip before every response (and one more for each new connection)
 * and sends all responses through one shared downlink of `kbps`. Unlike CDP network emulation it
 * also slows the service worker's own fetches (its precache), which CDP does not reliably shape.
 */
import http from 'node:http';
import type { AddressInfo, Socket } from 'node:net';

export interface Shaper {
  url: string;
  /** Requests seen and response bytes sent (as on the wire: compressed when the server compressed). */
  stats: () => { requests: number; bytes: number };
  reset: () => void;
  close: () => Promise<void>;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, Math.max(0, ms)));
const PIECE = 4096;

export async function shapedProxy(target: string, { kbps, rttMs }: { kbps: number; rttMs: number }): Promise<Shaper> {
  const upstream = new URL(target);
  const bytesPerMs = (kbps * 1000) / 8 / 1000;
  let linkFreeAt = 0; // when the shared downlink has sent everything queued so far
  let requests = 0;
  let bytes = 0;
  const fresh = new WeakSet<Socket>();
  const sockets = new Set<Socket>();

  /** Waits until `n` bytes have gone down the shared link after everything queued before them. */
  const transmit = (n: number) => {
    const start = Math.max(Date.now(), linkFreeAt);
    linkFreeAt = start + n / bytesPerMs;
    return sleep(linkFreeAt - Date.now());
  };

  const server = http.createServer((req, res) => {
    requests++;
    const t0 = Date.now();
    // TCP handshake on a new connection, then the request/response round trip.
    const latency = rttMs + (fresh.has(req.socket) ? rttMs : 0);
    fresh.delete(req.socket);
    const up = http.request(
      {
        host: upstream.hostname,
        port: upstream.port,
        method: req.method,
        path: req.url,
        headers: { ...req.headers, host: upstream.host },
      },
      async (pres) => {
        await sleep(t0 + latency - Date.now());
        res.writeHead(pres.statusCode ?? 502, pres.headers);
        pres.pause();
        const queue: Buffer[] = [];
        let ended = false;
        let wake: (() => void) | null = null;
        pres.on('data', (d: Buffer) => {
          queue.push(d);
          wake?.();
        });
        pres.on('end', () => {
          ended = true;
          wake?.();
        });
        pres.resume();
        for (;;) {
          if (!queue.length) {
            if (ended) break;
            await new Promise<void>((r) => {
              wake = r;
            });
            wake = null;
            continue;
          }
          const chunk = queue.shift()!;
          for (let i = 0; i < chunk.length; i += PIECE) {
            const piece = chunk.subarray(i, i + PIECE);
            await transmit(piece.length);
            bytes += piece.length;
            if (!res.write(piece)) await new Promise((r) => res.once('drain', r));
          }
        }
        res.end();
      },
    );
    up.on('error', () => {
      if (!res.headersSent) res.writeHead(502);
      res.end();
    });
    req.pipe(up);
  });
  server.on('connection', (s) => {
    fresh.add(s);
    sockets.add(s);
    s.on('close', () => sockets.delete(s));
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    stats: () => ({ requests, bytes }),
    reset: () => {
      requests = 0;
      bytes = 0;
    },
    close: () =>
      new Promise<void>((r) => {
        for (const s of sockets) s.destroy();
        server.close(() => r());
      }),
  };
}
