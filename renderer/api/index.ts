/**
 * The renderer's one way to the kiosk: `getKioskApi()`. Inside the Electron window the preload
 * bridge is there and is used; in a browser (the browser host, DESIGN.md Runtime modes) the HTTP
 * client is. Both reject with KioskApiError.
 */
import type { KioskApi } from '../../main/kiosk-api/types.ts';
import { createElectronClient, electronBridge } from './electron-client.ts';
import { createHostClient, launchKeysFromLocation } from './host-client.ts';

export { KioskApiError } from '../../common/kiosk/api-error.ts';
export type { KioskApi } from '../../main/kiosk-api/types.ts';

let api: KioskApi | null = null;

export function getKioskApi(): KioskApi {
  if (api) return api;
  const bridge = electronBridge();
  api = bridge ? createElectronClient(bridge) : createHostClient(launchKeysFromLocation());
  return api;
}

/** Which transport `getKioskApi` chose (for diagnostics screens). */
export function kioskTransport(): 'electron' | 'browser' {
  return electronBridge() ? 'electron' : 'browser';
}
