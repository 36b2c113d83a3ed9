/**
 * The few Electron APIs the shell uses, declared here because `electron` is an optional
 * dependency whose binary cannot be installed on our build machines (DESIGN.md): the shell must
 * type-check without the package. Shapes follow Electron 38's documentation; only what we call
 * is declared. entry.ts loads the real module with a dynamic import and treats it as ElectronMain.
 */

export interface EventLike {
  preventDefault(): void;
}

export interface WebFrameMainLike {
  readonly url: string;
  /** null for a top-level frame. */
  readonly parent: WebFrameMainLike | null;
}

export interface IpcMainInvokeEventLike {
  readonly sender: WebContentsLike;
  /** null when the frame navigated away or was destroyed before the message was handled. */
  readonly senderFrame: WebFrameMainLike | null;
}

export interface WebContentsLike {
  readonly id: number;
  getURL(): string;
  reload(): void;
  isDestroyed(): boolean;
  setWindowOpenHandler(handler: (details: { url: string }) => { action: 'deny' } | { action: 'allow' }): void;
  on(event: 'will-navigate' | 'will-redirect' | 'will-frame-navigate', listener: (event: EventLike, url: string) => void): void;
  on(event: 'will-attach-webview', listener: (event: EventLike) => void): void;
  on(event: 'did-start-navigation', listener: (details: { isMainFrame: boolean; isSameDocument: boolean }) => void): void;
  on(event: 'render-process-gone', listener: (event: EventLike, details: { reason: string; exitCode: number }) => void): void;
  on(event: 'destroyed', listener: () => void): void;
}

export interface PermissionRequestDetails {
  readonly requestingUrl?: string;
  readonly isMainFrame?: boolean;
  /** For 'media': the kinds asked for. */
  readonly mediaTypes?: readonly ('video' | 'audio')[];
}

export interface PermissionCheckDetails {
  readonly requestingUrl?: string;
  readonly securityOrigin?: string;
  readonly isMainFrame?: boolean;
  /** For 'media': 'video', 'audio' or 'unknown'. */
  readonly mediaType?: 'video' | 'audio' | 'unknown';
}

export interface SessionLike {
  setPermissionRequestHandler(
    handler: (webContents: WebContentsLike, permission: string, callback: (granted: boolean) => void, details: PermissionRequestDetails) => void,
  ): void;
  setPermissionCheckHandler(handler: (webContents: WebContentsLike | null, permission: string, requestingOrigin: string, details: PermissionCheckDetails) => boolean): void;
}

export interface BrowserWindowOptions {
  readonly kiosk?: boolean;
  readonly fullscreen?: boolean;
  readonly show?: boolean;
  readonly backgroundColor?: string;
  readonly autoHideMenuBar?: boolean;
  readonly webPreferences: {
    readonly preload: string;
    readonly contextIsolation: true;
    readonly sandbox: true;
    readonly nodeIntegration: false;
    readonly nodeIntegrationInWorker: false;
    readonly webSecurity: true;
    readonly allowRunningInsecureContent: false;
    readonly webviewTag: false;
    readonly navigateOnDragDrop: false;
    readonly spellcheck: false;
    readonly devTools: boolean;
  };
}

export interface BrowserWindowLike {
  readonly webContents: WebContentsLike;
  loadURL(url: string): Promise<void>;
  show(): void;
  once(event: 'ready-to-show', listener: () => void): void;
}

export interface ProtocolLike {
  registerSchemesAsPrivileged(
    schemes: readonly { scheme: string; privileges: { standard?: boolean; secure?: boolean; supportFetchAPI?: boolean; corsEnabled?: boolean; stream?: boolean } }[],
  ): void;
  handle(scheme: string, handler: (request: Request) => Response | Promise<Response>): void;
}

export interface IpcMainLike {
  handle(channel: string, listener: (event: IpcMainInvokeEventLike, ...args: unknown[]) => Promise<unknown>): void;
}

export interface SafeStorageLike {
  isEncryptionAvailable(): boolean;
  encryptString(plainText: string): Buffer;
  decryptString(encrypted: Buffer): string;
  /** Linux only: 'basic_text' means a hard-coded key (obfuscation, not protection). */
  getSelectedStorageBackend?(): string;
}

export interface UtilityProcessLike {
  readonly pid: number | undefined;
  readonly stdout: NodeJS.ReadableStream | null;
  readonly stderr: NodeJS.ReadableStream | null;
  kill(): boolean;
  on(event: 'exit', listener: (code: number) => void): void;
  once(event: 'exit', listener: (code: number) => void): void;
}

export interface AppLike {
  readonly isPackaged: boolean;
  getPath(name: 'userData' | 'logs'): string;
  getAppPath(): string;
  getVersion(): string;
  whenReady(): Promise<void>;
  requestSingleInstanceLock(): boolean;
  enableSandbox(): void;
  quit(): void;
  exit(code?: number): void;
  on(event: 'web-contents-created', listener: (event: EventLike, contents: WebContentsLike) => void): void;
  on(event: 'window-all-closed' | 'second-instance', listener: () => void): void;
  on(event: 'before-quit', listener: (event: EventLike) => void): void;
}

/** The `electron` module as the main process sees it. */
export interface ElectronMain {
  readonly app: AppLike;
  readonly BrowserWindow: new (options: BrowserWindowOptions) => BrowserWindowLike;
  readonly ipcMain: IpcMainLike;
  readonly protocol: ProtocolLike;
  readonly session: { readonly defaultSession: SessionLike };
  readonly safeStorage: SafeStorageLike;
  readonly utilityProcess: {
    fork(modulePath: string, args: readonly string[], options: { stdio: 'pipe'; serviceName?: string; cwd?: string }): UtilityProcessLike;
  };
}

/** What the sandboxed preload may require: contextBridge and ipcRenderer only. */
export interface PreloadElectron {
  readonly contextBridge: { exposeInMainWorld(key: string, api: unknown): void };
  readonly ipcRenderer: { invoke(channel: string, ...args: unknown[]): Promise<unknown> };
}
