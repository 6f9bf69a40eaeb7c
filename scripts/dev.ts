/**
 * `npm run dev`: the API server (no PWA build, port 8080) and Vite's dev server with hot reload
 * on http://localhost:5173, which proxies /api to the API. Ctrl-C stops both.
 */
import { spawn } from 'node:child_process';

const api = spawn(
  process.execPath,
  ['node_modules/tsx/dist/cli.mjs', 'watch', '--clear-screen=false', 'server/main.ts'],
  {
    stdio: 'inherit',
    env: { ...process.env, STATIC_DIR: 'no-static-in-dev' },
  },
);
const vite = spawn(process.execPath, ['node_modules/vite/bin/vite.js'], { stdio: 'inherit', env: process.env });
const stop = () => {
  api.kill('SIGTERM');
  vite.kill('SIGTERM');
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
api.on('exit', (code) => {
  vite.kill('SIGTERM');
  process.exitCode = code ?? 0;
});
