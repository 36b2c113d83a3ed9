/**
 * The kiosk API inside the Electron window: the preload (main/shell/preload.cts) exposes exactly
 * `window.kioskApi.call(method, input)` through contextBridge. Values cross IPC by structured
 * clone, so Uint8Array frames need no codec. Main answers the same {ok, output | error} envelope
 * as the browser host; a rejected IPC call (main gone) becomes an `internal` KioskApiError.
 */
import type { KioskApi } from '../../main/kiosk-api/types.ts';
import { KioskApiError } from '../../common/kiosk/api-error.ts';
import { unwrapResult } from './errors.ts';
import { kioskApiProxy } from './proxy.ts';

/** What the preload puts on window: nothing else of Electron or Node is reachable from the page. */
export interface KioskApiBridge {
  call(method: string, input: unknown): Promise<unknown>;
}

declare global {
  interface Window {
    readonly kioskApi?: KioskApiBridge;
  }
}

export function electronBridge(): KioskApiBridge | undefined {
  return typeof window === 'undefined' ? undefined : window.kioskApi;
}

export function createElectronClient(bridge: KioskApiBridge): KioskApi {
  return kioskApiProxy(async (method, input) => {
    let result: unknown;
    try {
      result = await bridge.call(method, input);
    } catch {
      throw new KioskApiError('internal', 'The kiosk service is not answering.');
    }
    return unwrapResult(result);
  });
}
