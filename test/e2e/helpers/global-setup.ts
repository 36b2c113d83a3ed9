/**
 * Builds the renderer once before the e2e files run, so the host serves the code under test
 * (a stale renderer/dist would test yesterday's UI).
 */
import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

export default function setup(): void {
  if (process.env.E2E_SKIP_BUILD === '1') return;
  const root = fileURLToPath(new URL('../../..', import.meta.url));
  execFileSync(process.execPath, [fileURLToPath(new URL('../../../node_modules/vite/bin/vite.js', import.meta.url)), 'build', '--logLevel', 'warn'], { cwd: root, stdio: 'inherit' });
}
