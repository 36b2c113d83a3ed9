/**
 * The Electron side of the kiosk API: one ipcMain.handle channel (security.ts KIOSK_API_CHANNEL)
 * whose listener checks the sender frame, then hands the call to the shared dispatch with the
 * connection session of that window. Values arrive by structured clone (Uint8Array stays
 * Uint8Array); the answer is the same {ok, output | error} envelope as the browser host, so no
 * Error object (with its stack) ever crosses IPC. Electron-free: tests drive it with fake events.
 */
import type { IpcMainInvokeEvent, WebFrameMain } from 'electron';
import type { KioskApi } from '../kiosk-api/types.ts';
import { dispatch, type DispatchOptions, type KioskCallResult } from '../transport/dispatch.ts';
import { ConnectionSession, type ConnectionSessionOptions } from '../transport/session.ts';
import { isTrustedSender } from './security.ts';

/** What the listener reads of Electron's IpcMainInvokeEvent (so a test's fake event needs no more). */
export interface IpcMainInvokeEventLike {
  readonly sender: Pick<IpcMainInvokeEvent['sender'], 'id'>;
  /** null when the frame navigated away or was destroyed before the message was handled. */
  readonly senderFrame: Pick<WebFrameMain, 'url' | 'parent'> | null;
}

export interface KioskIpc {
  /** The ipcMain.handle listener. */
  readonly listener: (event: IpcMainInvokeEventLike, ...args: unknown[]) => Promise<KioskCallResult>;
  /** Drops the roles of a window: on every main-frame navigation (reload included) and when it is destroyed. */
  reset(webContentsId: number): void;
}

export function createKioskIpc(api: KioskApi, options: { session?: ConnectionSessionOptions; dispatch?: DispatchOptions; log?: (line: string) => void } = {}): KioskIpc {
  const sessions = new Map<number, ConnectionSession>();
  const log = options.log ?? ((line: string) => console.warn(line));

  return {
    async listener(event, method, input) {
      if (!isTrustedSender(event.senderFrame)) {
        log(`kiosk IPC: refused a call from ${event.senderFrame?.url ?? 'a destroyed frame'}`);
        return { ok: false, error: { code: 'forbidden', message: 'Calls are accepted from the kiosk page only.' } };
      }
      if (typeof method !== 'string') return { ok: false, error: { code: 'invalid_input', message: 'method must be a string', field: 'method' } };
      const id = event.sender.id;
      let session = sessions.get(id);
      if (!session) {
        session = new ConnectionSession(options.session);
        sessions.set(id, session);
      }
      return dispatch(api, method, input, session, options.dispatch);
    },
    reset(webContentsId) {
      sessions.get(webContentsId)?.revokeAll();
      sessions.delete(webContentsId);
    },
  };
}
