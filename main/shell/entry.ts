/**
 * The Electron main entry (package.json "main", compiled to dist/main/shell/entry.js). Thin on
 * purpose: every decision is in an Electron-free module with its own tests (security.ts,
 * ipc.ts, app-protocol.ts, secret-store.ts, boot.ts); this file only wires them to Electron.
 *
 * Order matters (Electron's ESM notes): the app:// scheme must be registered before `ready`,
 * and `ready` is emitted only once this module's top level has finished, so the top level
 * registers it and must not await `whenReady`.
 */
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { app, BrowserWindow, ipcMain, protocol, safeStorage, session, utilityProcess, type WebContents } from 'electron';
import { packagedModelDir } from '../app-paths.ts';
import { bootKiosk, type KioskBackend } from '../boot.ts';
import type { PlatformProcess, PlatformSpawner } from '../embedded-platform.ts';
import { createAppProtocolHandler } from './app-protocol.ts';
import { CrashBackoff } from './crash-backoff.ts';
import { createKioskIpc } from './ipc.ts';
import { SafeStorageSecretStore } from './secret-store.ts';
import { parseIdleSecondsOption } from '../kiosk/idle-settings.ts';
import { allowPermissionCheck, allowPermissionRequest, APP_SCHEME, APP_START_URL, isAllowedNavigation, KIOSK_API_CHANNEL, shellContentSecurityPolicy } from './security.ts';

protocol.registerSchemesAsPrivileged([{ scheme: APP_SCHEME, privileges: { standard: true, secure: true, supportFetchAPI: true, corsEnabled: true } }]);
// Every renderer sandboxed, whatever a window's options say.
app.enableSandbox();

if (!app.requestSingleInstanceLock()) app.quit();
else {
  app.on('web-contents-created', (_event, contents) => guardContents(contents));
  void app.whenReady().then(start).catch((error: unknown) => {
    console.error('kiosk failed to start:', error);
    app.exit(1);
  });
}

/** No navigation off app://kiosk/, no new windows, no <webview>: the kiosk page is the only page. */
function guardContents(contents: WebContents): void {
  // The target is the event's own `url` (Electron 38: 'will-frame-navigate' passes no second
  // argument, and the positional url of the other two is deprecated).
  const block = (details: { readonly url: string; preventDefault(): void }) => {
    if (!isAllowedNavigation(details.url)) details.preventDefault();
  };
  contents.on('will-navigate', block);
  contents.on('will-redirect', block);
  contents.on('will-frame-navigate', block);
  contents.on('will-attach-webview', (event) => event.preventDefault());
  contents.setWindowOpenHandler(() => ({ action: 'deny' }));
}

/** The embedded platform in an Electron utility process: the runAsNode fuse is off, so Electron cannot be used as `node`. */
const utilitySpawner: PlatformSpawner = (cli, args) => {
  const child = utilityProcess.fork(cli, [...args], { stdio: 'pipe', serviceName: 'Skin Station platform' });
  const adapted: PlatformProcess = {
    get pid() {
      return child.pid;
    },
    stdout: child.stdout,
    stderr: child.stderr,
    kill: () => child.kill(),
    once: (event, listener) => child.once(event, listener),
  };
  return adapted;
};

async function start(): Promise<void> {
  const { values } = parseArgs({ args: process.argv.slice(1), options: { data: { type: 'string' }, config: { type: 'string' }, 'platform-url': { type: 'string' }, 'idle-seconds': { type: 'string' } }, strict: false });
  const dataDir = typeof values.data === 'string' ? values.data : join(app.getPath('userData'), 'kiosk');
  const secretStore = new SafeStorageSecretStore(join(dataDir, 'secrets.json'), safeStorage);
  if (secretStore.warning) console.warn(`kiosk secrets: ${secretStore.warning}`);

  const backend: KioskBackend = await bootKiosk({
    mode: 'electron',
    version: app.getVersion(),
    dataDir,
    configFile: typeof values.config === 'string' ? values.config : undefined,
    platformUrl: typeof values['platform-url'] === 'string' ? values['platform-url'] : undefined,
    idleSeconds: parseIdleSecondsOption(typeof values['idle-seconds'] === 'string' ? values['idle-seconds'] : undefined),
    platformSpawner: utilitySpawner,
    secretStore,
    // Packaged, the models sit in resources/models (electron-builder extraResources), not beside the code (D-044).
    modelDir: app.isPackaged ? packagedModelDir(process.resourcesPath) : undefined,
  });

  const csp = () => shellContentSecurityPolicy({ imageOrigins: backend.platformOrigins() });
  const ses = session.defaultSession;
  ses.setPermissionRequestHandler((_contents, permission, callback, details) => callback(allowPermissionRequest(permission, details)));
  ses.setPermissionCheckHandler((_contents, permission, origin, details) => allowPermissionCheck(permission, origin, details));
  protocol.handle(APP_SCHEME, createAppProtocolHandler(join(app.getAppPath(), 'renderer', 'dist'), csp));

  const ipc = createKioskIpc(backend.api, { dispatch: { validateOutput: !app.isPackaged } });
  ipcMain.handle(KIOSK_API_CHANNEL, ipc.listener);

  const window = new BrowserWindow({
    kiosk: true,
    fullscreen: true,
    show: false,
    backgroundColor: '#000000',
    autoHideMenuBar: true,
    webPreferences: {
      preload: fileURLToPath(new URL('./preload.cjs', import.meta.url)),
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
      nodeIntegrationInWorker: false,
      webSecurity: true,
      allowRunningInsecureContent: false,
      webviewTag: false,
      navigateOnDragDrop: false,
      spellcheck: false,
      devTools: !app.isPackaged,
    },
  });
  const contents = window.webContents;
  const id = contents.id;
  // A reload or navigation starts a new page: it must earn its PIN roles again.
  contents.on('did-start-navigation', (details) => {
    if (details.isMainFrame && !details.isSameDocument) ipc.reset(id);
  });
  contents.on('destroyed', () => ipc.reset(id));
  // A crashed page is a blank kiosk: load it again, backing off while it keeps crashing (D-042).
  const reloads = new CrashBackoff(() => {
    if (!contents.isDestroyed()) contents.reload();
  });
  contents.on('render-process-gone', (_event, details) => {
    const delay = reloads.crashed();
    if (delay !== null) console.error(`kiosk page gone (${details.reason}); reloading in ${delay / 1000} s`);
  });
  window.once('ready-to-show', () => window.show());
  await window.loadURL(APP_START_URL);

  let quitting = false;
  app.on('before-quit', (event) => {
    if (quitting) return;
    quitting = true;
    reloads.dispose();
    event.preventDefault();
    void backend.close().finally(() => app.exit(0));
  });
  app.on('window-all-closed', () => app.quit());
  app.on('second-instance', () => window.show());
}
