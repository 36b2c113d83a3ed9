/**
 * `npm start`'s prestart: is renderer/dist older than the code it is built from? Exits 0 when the
 * build is fresh, 1 when it is missing or stale (then prestart runs `vite build`). Before, a build
 * was made only when none existed, so after a `git pull` the kiosk served yesterday's UI, and
 * after the e2e tests their build (D-110).
 */
import { existsSync, readdirSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

/** What the renderer bundle is made from: its own sources and what they import, and the build's settings. */
export const RENDERER_INPUTS = ['renderer', 'main/kiosk-api', 'protocol', 'common', 'vite.config.ts', 'package.json', 'package-lock.json'] as const;
const BUILD = join('renderer', 'dist');

/** The newest modification time (ms) of the files under `path`, leaving out `skip` (relative to `root`). */
function newest(root: string, path: string, skip: string): number {
  const full = join(root, path);
  if (path === skip || !existsSync(full)) return 0;
  const stat = statSync(full);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let latest = 0;
  for (const entry of readdirSync(full)) latest = Math.max(latest, newest(root, join(path, entry), skip));
  return latest;
}

/** Why the build in `root` must be made again, or null when it is newer than every input. */
export function rendererBuildStale(root: string): string | null {
  const index = join(root, BUILD, 'index.html');
  if (!existsSync(index)) return 'no build yet';
  const built = statSync(index).mtimeMs;
  for (const input of RENDERER_INPUTS) {
    if (newest(root, input, BUILD) > built) return `${input} changed since the last build`;
  }
  return null;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const reason = rendererBuildStale(dirname(dirname(fileURLToPath(import.meta.url))));
  if (reason) console.log(`renderer: ${reason}; building it`);
  process.exit(reason ? 1 : 0);
}
