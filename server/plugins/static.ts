import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import path from 'node:path';

/**
 * The built PWA from `dist/`. The build writes gzip and brotli copies beside each file
 * (vite.config.ts `precompress`); `preCompressed` sends the best one the browser accepts, with
 * `Content-Encoding` and `Vary: Accept-Encoding` (ADR 017). Hashed files under assets/ never
 * change, so they are cached for a year; the service worker, index.html and the manifest are
 * revalidated so an update is seen at once.
 */
export async function registerStatic(app: FastifyInstance, root: string): Promise<void> {
  await app.register(fastifyStatic, {
    root,
    wildcard: true,
    index: 'index.html',
    preCompressed: true,
    setHeaders(res, file) {
      const name = path.basename(file).replace(/\.(br|gz)$/, '');
      if (name === 'sw.js' || name === 'index.html' || name.endsWith('.webmanifest'))
        res.header('cache-control', 'no-cache');
      else if (file.includes(`${path.sep}assets${path.sep}`))
        res.header('cache-control', 'public, max-age=31536000, immutable');
    },
  });
}
