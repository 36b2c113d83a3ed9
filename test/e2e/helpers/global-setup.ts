/**
 * Before the e2e files run: Debian's Chromium must be there (a missing browser fails the run, it
 * never skips it: a skipped e2e suite proves nothing), and the renderer is built once so the host
 * serves the code under test (a stale renderer/dist would test yesterday's UI).
 */
import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { CHROMIUM, chromiumAvailable } from './browser.ts';

export default function setup(): void {
  if (!chromiumAvailable()) {
    throw new Error(
      `The e2e tests need Chromium at ${CHROMIUM} and it is not there. Install Debian's package: apt-get install -y chromium ` +
        '(or point CHROMIUM_PATH at a Chromium binary).',
    );
  }
  if (process.env.E2E_SKIP_BUILD === '1') return;
  const root = fileURLToPath(new URL('../../..', import.meta.url));
  // A production build, as `npm start` serves: vitest sets NODE_ENV=test, which made this one
  // React's development build (842 kB against 581 kB), and `npm start` then served it (D-110).
  execFileSync(process.execPath, [fileURLToPath(new URL('../../../node_modules/vite/bin/vite.js', import.meta.url)), 'build', '--logLevel', 'warn'], {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, NODE_ENV: 'production' },
  });
}
