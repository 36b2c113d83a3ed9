/**
 * What happens at start to sessions a stop or crash left open (docs/kiosk-sync.md, "After a
 * restart"). The driver's state lived in memory, so such a session cannot be resumed where it
 * stood. decision: a session whose capture set is complete (every view under every light of
 * its profile, every file intact) is confirmed and queued: the customer sat for all of it and
 * only staff's review tap was missing. Any other open session is cancelled; its captures stay on
 * disk until retention removes them, like those of any cancelled session.
 */
import { VIEWS } from '../../protocol/skin-api/api-codes.ts';
import type { LightSource, View } from '../../protocol/skin-api/api-codes.ts';
import type { DeviceConfig } from '../config/device-config.ts';
import { deviceProfile } from '../device/profiles.ts';
import type { KioskStore } from '../store/kiosk-store.ts';

export interface SettledSessions {
  readonly confirmed: readonly string[];
  readonly cancelled: readonly string[];
}

export function settleInterruptedSessions(store: KioskStore, device: DeviceConfig): SettledSessions {
  const open = store.openSessions();
  const configured = deviceProfile(device);
  const confirmed: string[] = [];
  const cancelled: string[] = [];
  for (const session of open) {
    const { id, profile } = session;
    const shots = new Set(store.listCaptures(id).filter((c) => c.integrity === 'ok').map((c) => `${c.view}/${c.light}`));
    const plan = planOf(profile, configured.kind === profile ? configured.lights : ['white']);
    const complete = session.customerId !== null && plan.every(({ view, light }) => shots.has(`${view}/${light}`));
    if (complete) store.setSessionState(id, 'done');
    else store.setSessionState(id, 'cancelled', 'interrupted');
    (complete ? confirmed : cancelled).push(id);
  }
  return { confirmed, cancelled };
}

function planOf(profile: 'multi_light' | 'single_camera', lights: readonly LightSource[]): { view: View; light: LightSource }[] {
  if (profile === 'single_camera') return [{ view: 'front', light: 'white' }];
  return VIEWS.flatMap((view) => lights.map((light) => ({ view, light })));
}
