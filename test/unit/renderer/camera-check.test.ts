/**
 * The Diagnostics camera check for a renderer camera: getUserMedia is the hardware boundary, so a
 * stand-in opener answers here; what is checked is what the technician is told.
 */
import { describe, expect, it } from 'vitest';
import { checkWindowCamera } from '../../../renderer/camera/camera-check.ts';
import type { OpenedCamera } from '../../../renderer/camera/renderer-camera.ts';

const choice = { deviceId: 'cam-1', width: 1920, height: 1080 };

function standIn(live: boolean, closed: string[]): OpenedCamera {
  return {
    stream: {} as MediaStream,
    track: {} as MediaStreamTrack,
    width: 1280,
    height: 720,
    deviceId: 'cam-1',
    label: 'USB Camera (0c45:6366)',
    isLive: () => live,
    close: () => closed.push('closed'),
  };
}

describe('the window camera check of Diagnostics', () => {
  it('reports the camera it opened and the size it delivers, and closes it again', async () => {
    const closed: string[] = [];
    const check = await checkWindowCamera(choice, async () => standIn(true, closed));
    expect(check).toMatchObject({ name: 'camera', ok: true, detail: { key: 'diag.camera_window_ok', params: { detail: 'USB Camera (0c45:6366)', width: 1280, height: 720 } } });
    expect(closed).toEqual(['closed']);
  });

  it('fails with the browser’s reason when the camera cannot be opened (unplugged, refused)', async () => {
    const refused = Object.assign(new Error('Requested device not found'), { name: 'NotFoundError' });
    const check = await checkWindowCamera(choice, () => Promise.reject(refused));
    expect(check).toMatchObject({ name: 'camera', ok: false, detail: { key: 'diag.camera_window_failed', params: { detail: 'NotFoundError: Requested device not found' } } });
  });

  it('fails when the camera opens but its track has already ended, and still closes it', async () => {
    const closed: string[] = [];
    const check = await checkWindowCamera(choice, async () => standIn(false, closed));
    expect(check.ok).toBe(false);
    expect(check.detail.params['detail']).toMatch(/track ended/);
    expect(closed).toEqual(['closed']);
  });
});
