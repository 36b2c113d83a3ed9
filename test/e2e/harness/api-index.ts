// DEV-ONLY stand-in for renderer/api/index.ts in the harness build (see vite.harness.config.ts).
import type { KioskApi } from '../../../main/kiosk-api/types.ts';
import { createFakeKioskApi } from './fake-kiosk-api.ts';

let api: KioskApi | null = null;

export function getKioskApi(): KioskApi {
  return (api ??= createFakeKioskApi());
}
