/**
 * The preload of the kiosk window. Sandboxed preloads run as CommonJS and may require only a few
 * modules ('electron' among them), so this file stands alone: no imports of ours at run time.
 * It exposes exactly `window.kioskApi.call(method, input)` (frozen) and nothing of ipcRenderer:
 * the page never sees a channel name, an event object or a Node API. Main checks the sender frame,
 * the method and the input of every call (main/shell/ipc.ts).
 * KIOSK_API_CHANNEL must equal security.ts's; a unit test compares them.
 */
import type { ContextBridge, IpcRenderer } from 'electron';

// eslint-disable-next-line @typescript-eslint/no-require-imports -- sandboxed preloads are CommonJS; 'electron' is one of the few modules they may require.
const { contextBridge, ipcRenderer } = require('electron') as { contextBridge: ContextBridge; ipcRenderer: IpcRenderer };

const KIOSK_API_CHANNEL = 'kiosk-api:call';

contextBridge.exposeInMainWorld(
  'kioskApi',
  Object.freeze({
    call(method: unknown, input: unknown): Promise<unknown> {
      if (typeof method !== 'string') return Promise.reject(new TypeError('kioskApi.call: method must be a string'));
      return ipcRenderer.invoke(KIOSK_API_CHANNEL, method, input);
    },
  }),
);
