import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import { tanstackRouter } from '@tanstack/router-plugin/vite';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { VitePWA, type ManifestOptions } from 'vite-plugin-pwa';
import { FIELD_ROUTE_FILES } from './src/app/fieldRoutes.ts';

// The top-level manifest.webmanifest is the single source (design card layout); the PWA plugin
// writes it to dist/manifest.webmanifest, links it from index.html and precaches it.
const manifest = JSON.parse(
  readFileSync(new URL('./manifest.webmanifest', import.meta.url), 'utf8'),
) as Partial<ManifestOptions>;

const apiTarget = process.env.FAMS_API_URL ?? 'http://localhost:8080';
const { version } = JSON.parse(readFileSync(new URL('./package.json', import.meta.url), 'utf8')) as { version: string };

type Entry = { url: string; revision: string | null; size: number; lazy?: boolean };

/**
 * ADR 017: the service worker's first download is the field app only. From the bundle's chunk
 * graph: the entry and every chunk of a field route (src/app/fieldRoutes.ts), with what they
 * import, statically or lazily (other route chunks excepted). Other build files stay in the manifest marked
 * `lazy`: the worker stores them when a page first loads them (sw/precache.ts).
 */
function fieldPrecache() {
  const routesDir = fileURLToPath(new URL('./src/routes/', import.meta.url));
  const isFieldRoute = (id: string | null) => {
    const file = id?.split('?')[0];
    if (!file?.startsWith(routesDir)) return false;
    const rel = path.relative(routesDir, file).split(path.sep).join('/');
    return FIELD_ROUTE_FILES.some((f) => (f.endsWith('/') ? rel.startsWith(f) : rel === f));
  };
  const eager = new Set<string>();
  const plugin: Plugin = {
    name: 'fams:field-precache',
    apply: 'build',
    generateBundle(_options, bundle) {
      eager.clear();
      const chunks = Object.values(bundle).flatMap((c) => (c.type === 'chunk' ? [c] : []));
      const byName = new Map(chunks.map((c) => [c.fileName, c]));
      const routeChunk = (c: (typeof chunks)[number]) => !!c.facadeModuleId?.includes('?tsr-split=');
      const visit = (name: string) => {
        const c = byName.get(name);
        if (!c || eager.has(name)) return;
        eager.add(name);
        c.viteMetadata?.importedCss.forEach((f) => eager.add(f));
        c.viteMetadata?.importedAssets.forEach((f) => eager.add(f));
        c.imports.forEach(visit);
        // Its own lazy parts (the toaster, react-query for the shell …), never another screen's route chunk.
        c.dynamicImports.forEach((n) => {
          const d = byName.get(n);
          if (d && !routeChunk(d)) visit(n);
        });
      };
      for (const c of chunks) if (c.isEntry || (routeChunk(c) && isFieldRoute(c.facadeModuleId))) visit(c.fileName);
    },
  };
  const transform = async (entries: Entry[]) => {
    const manifest = entries.map((e) => (e.url.startsWith('assets/') && !eager.has(e.url) ? { ...e, lazy: true } : e));
    const sum = (l: Entry[]) => `${l.length} files, ${(l.reduce((n, e) => n + e.size, 0) / 1024).toFixed(0)} KiB`;
    console.log(
      `field precache: ${sum(manifest.filter((e) => !e.lazy))}; office, cached on first use: ${sum(manifest.filter((e) => e.lazy))}`,
    );
    return { manifest };
  };
  return { plugin, transform };
}

/**
 * gzip and brotli copies beside every compressible file of dist/ (after the service worker is
 * written), served by @fastify/static's `preCompressed` (server/plugins/static.ts).
 */
function precompress(): Plugin {
  let outDir = 'dist';
  const gzip = promisify(zlib.gzip);
  const brotli = promisify(zlib.brotliCompress);
  const files = (dir: string): string[] =>
    readdirSync(dir).flatMap((f) => {
      const p = path.join(dir, f);
      return statSync(p).isDirectory() ? files(p) : [p];
    });
  return {
    name: 'fams:precompress',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    closeBundle: {
      sequential: true,
      order: 'post',
      async handler() {
        const todo = files(outDir).filter((f) => /\.(js|mjs|css|html|svg|webmanifest|json|ico)$/.test(f));
        await Promise.all(
          todo.map(async (f) => {
            const raw = readFileSync(f);
            if (raw.length < 1024) return;
            const [gz, br] = await Promise.all([
              gzip(raw, { level: 9 }),
              brotli(raw, {
                params: {
                  [zlib.constants.BROTLI_PARAM_QUALITY]: 11,
                  [zlib.constants.BROTLI_PARAM_SIZE_HINT]: raw.length,
                },
              }),
            ]);
            if (gz.length < raw.length) writeFileSync(`${f}.gz`, gz);
            if (br.length < raw.length) writeFileSync(`${f}.br`, br);
          }),
        );
      },
    },
  };
}

const field = fieldPrecache();

export default defineConfig({
  resolve: { alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) } },
  // Shown on the device page (src/lib/offline/version.ts), so support knows which build a phone runs.
  define: { __APP_VERSION__: JSON.stringify(version) },
  plugins: [
    // Must run before the React plugin so route files are code-split before JSX is compiled.
    tanstackRouter({
      target: 'react',
      autoCodeSplitting: true,
      routesDirectory: './src/routes',
      generatedRouteTree: './src/routeTree.gen.ts',
      quoteStyle: 'single',
    }),
    react(),
    VitePWA({
      strategies: 'injectManifest',
      srcDir: 'sw',
      filename: 'sw.ts',
      // Registered by src/lib/pwa.ts (workbox-window) so the update prompt stays in our hands.
      injectRegister: false,
      manifest,
      manifestFilename: 'manifest.webmanifest',
      includeManifestIcons: true,
      injectManifest: {
        // Vite 8 emits `export default` otherwise, which a classic service worker cannot load.
        rollupFormat: 'iife',
        // Every build file is listed; those only office screens need are marked lazy (ADR 017).
        globPatterns: ['**/*.{js,mjs,css,html,png,ico,svg,webmanifest,woff2,json}'],
        manifestTransforms: [field.transform],
        maximumFileSizeToCacheInBytes: 5 * 1024 * 1024,
      },
      devOptions: { enabled: false },
    }),
    field.plugin,
    precompress(),
  ],
  server: { proxy: { '/api': { target: apiTarget, changeOrigin: false } } },
  preview: { proxy: { '/api': { target: apiTarget, changeOrigin: false } } },
  build: {
    target: 'es2022',
    // maplibre-gl is one ~1.07 MB module that only the map screens load (on first use, not
    // precached). The limit sits just above it so any other chunk of that size still warns; the
    // field app's budget is held by `npm run bench bundle` (ADR 017), not by this warning.
    chunkSizeWarningLimit: 1100,
    // A route's chunk imports its parts itself. Vite's helper would first add a <link modulepreload>
    // per part (~50 for a field screen): measured at ~0.5 s of main-thread time with the CPU slowed
    // 4×, more than the few milliseconds each import level costs from the service worker's cache.
    // index.html keeps the entry's preloads; CSS of lazy chunks is still loaded by the helper.
    modulePreload: { resolveDependencies: (_file, deps, { hostType }) => (hostType === 'html' ? deps : []) },
    rolldownOptions: {
      // Chakra's define* helpers are identity functions the bundler cannot see through: marked pure,
      // the theme recipes src/app/theme.ts leaves out drop from the bundle (ADR 017).
      treeshake: {
        manualPureFunctions: [
          'defineConfig',
          'defineRecipe',
          'defineSlotRecipe',
          'defineTokens',
          'defineSemanticTokens',
          'defineKeyframes',
          'defineGlobalStyles',
          'defineStyle',
          'defineTextStyles',
          'defineAnimationStyles',
          'defineLayerStyles',
          'defineConditions',
        ],
      },
    },
  },
});
