/**
 * Opening the browser host's page in a Chromium app window (DESIGN.md, Runtime modes): no address
 * bar, no tabs; `--kiosk` for the store, full screen with no way out but closing the kiosk.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';

/** Where Chromium-family browsers live on the systems we ship to; the first present is used. */
export const CHROMIUM_CANDIDATES: readonly string[] = [
  '/usr/bin/chromium',
  '/usr/bin/chromium-browser',
  '/usr/bin/google-chrome',
  '/usr/bin/google-chrome-stable',
  '/snap/bin/chromium',
  '/Applications/Google Chrome.app/Contents/MacOS/Google Chrome',
  'C:\\Program Files\\Google\\Chrome\\Application\\chrome.exe',
  'C:\\Program Files (x86)\\Google\\Chrome\\Application\\chrome.exe',
];

export function findChromium(candidates: readonly string[] = CHROMIUM_CANDIDATES, exists: (path: string) => boolean = existsSync): string | null {
  return candidates.find((path) => exists(path)) ?? null;
}

export interface ChromiumLaunch {
  readonly url: string;
  /** A profile of the kiosk's own: a Chromium already running for someone else would otherwise take the URL and drop our flags. */
  readonly profileDir: string;
  readonly kiosk: boolean;
  /** Chromium refuses to run as root with its sandbox. */
  readonly runningAsRoot: boolean;
}

export function chromiumArgs(launch: ChromiumLaunch): string[] {
  return [
    `--app=${launch.url}`,
    ...(launch.kiosk ? ['--kiosk'] : []),
    `--user-data-dir=${launch.profileDir}`,
    '--no-first-run',
    '--no-default-browser-check',
    '--disable-session-crashed-bubble',
    '--disable-features=Translate',
    // The kiosk works offline and phones home to nobody.
    '--disable-background-networking',
    '--disable-sync',
    ...(launch.runningAsRoot ? ['--no-sandbox'] : []),
  ];
}

/** Signals someone sends to stop Chromium on purpose; any other ending but a clean exit is a crash. */
const STOP_SIGNALS: readonly string[] = ['SIGTERM', 'SIGINT', 'SIGHUP'];

/**
 * Whether Chromium's exit was a crash (the kiosk window is opened again, with backoff: D-042)
 * rather than the window being closed (exit code 0) or Chromium being told to stop.
 */
export function isChromiumCrash(code: number | null, signal: NodeJS.Signals | null): boolean {
  if (signal !== null) return !STOP_SIGNALS.includes(signal);
  return code !== null && code !== 0;
}

export function openChromium(executable: string, launch: ChromiumLaunch): ChildProcess {
  return spawn(executable, chromiumArgs(launch), { stdio: 'ignore' });
}
