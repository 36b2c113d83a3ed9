import { describe, expect, it } from 'vitest';
import { cameraHealth, cameraLost, shouldReopenCamera } from '../../../renderer/capture/camera-recovery.ts';

const live = { isLive: () => true };
const dead = { isLive: () => false };

describe('camera health', () => {
  it('tells a delivering camera from a lost one, and an open in progress from a failed one', () => {
    expect(cameraHealth(live, false)).toBe('live');
    expect(cameraHealth(dead, false)).toBe('lost');
    expect(cameraHealth(null, false)).toBe('opening');
    expect(cameraHealth(null, true)).toBe('failed');
  });

  it('stops the capture loop only for a renderer camera whose track ended', () => {
    expect(cameraLost({ kind: 'renderer', camera: dead })).toBe(true);
    expect(cameraLost({ kind: 'renderer', camera: live })).toBe(false);
    expect(cameraLost({ kind: 'simulated' })).toBe(false);
  });
});

describe('reopening the camera after a fault', () => {
  it('reopens a lost or failed camera when Try again takes the session out of its fault', () => {
    for (const now of ['live', 'countdown', 'capturing'] as const) {
      expect(shouldReopenCamera('fault', now, 'lost')).toBe(true);
      expect(shouldReopenCamera('fault', now, 'failed')).toBe(true);
    }
  });

  it('keeps a camera that still delivers (a lights or disk fault) and one being opened', () => {
    expect(shouldReopenCamera('fault', 'live', 'live')).toBe(false);
    expect(shouldReopenCamera('fault', 'live', 'opening')).toBe(false);
  });

  it('never reopens while the session is still live, so main can fault and tell the technician', () => {
    expect(shouldReopenCamera('live', 'live', 'lost')).toBe(false);
    expect(shouldReopenCamera('countdown', 'capturing', 'lost')).toBe(false);
    expect(shouldReopenCamera('review', 'live', 'lost')).toBe(false);
    expect(shouldReopenCamera(null, 'live', 'failed')).toBe(false);
  });

  it('does not reopen when the fault ends the session instead (cancel)', () => {
    expect(shouldReopenCamera('fault', 'cancelled', 'lost')).toBe(false);
    expect(shouldReopenCamera('fault', null, 'lost')).toBe(false);
    expect(shouldReopenCamera('fault', 'fault', 'lost')).toBe(false);
  });
});
