/**
 * When the capture screen opens the renderer camera again (issue 7: a camera unplugged during a
 * session). A lost camera sends nothing, so main faults the session ('disconnected') and the fault
 * panel tells customer and technician; "Try again" moves the session out of the fault, and that
 * is when the camera is asked for again, so a replugged camera works without reloading. Never
 * while the session is still live: reopening at once would hide the unplug from the technician.
 */
import type { SessionView } from '../../main/kiosk-api/types.ts';

/** How the renderer camera is doing: being opened, delivering, its track ended, or opening failed. */
export type CameraHealth = 'opening' | 'live' | 'lost' | 'failed';

type SessionStateName = SessionView['state'];

const SHOOTING: readonly SessionStateName[] = ['live', 'countdown', 'capturing'];

export function cameraHealth(camera: { isLive(): boolean } | null, openFailed: boolean): CameraHealth {
  if (camera) return camera.isLive() ? 'live' : 'lost';
  return openFailed ? 'failed' : 'opening';
}

/** The session just left its fault for shooting again (Try again) and the camera is not delivering. */
export function shouldReopenCamera(before: SessionStateName | null, now: SessionStateName | null, health: CameraHealth): boolean {
  if (before !== 'fault' || now === null || !SHOOTING.includes(now)) return false;
  return health === 'lost' || health === 'failed';
}

/** The capture loop must neither send preview frames nor shoot a still from this camera. */
export function cameraLost(source: { kind: 'simulated' } | { kind: 'renderer'; camera: { isLive(): boolean } }): boolean {
  return source.kind === 'renderer' && !source.camera.isLive();
}
