/**
 * The renderer camera's view of its track (issue 7): getUserMedia is the hardware boundary, so it
 * answers a stand-in track here; what is checked is how the camera module reads that track.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CameraLostError, openCamera, takeStill, trackDelivers } from '../../../renderer/camera/renderer-camera.ts';

afterEach(() => vi.unstubAllGlobals());

class StandInTrack extends EventTarget {
  readyState: MediaStreamTrackState = 'live';
  readonly label = 'stand-in camera';
  getSettings() {
    return { width: 640, height: 480, deviceId: 'cam-1' };
  }
  stop() {
    // As in browsers: stop() ends the track without an 'ended' event.
    this.readyState = 'ended';
  }
}

async function openStandIn() {
  const track = new StandInTrack();
  const stream = { getVideoTracks: () => [track], getTracks: () => [track] };
  vi.stubGlobal('navigator', { mediaDevices: { getUserMedia: async () => stream } });
  const camera = await openCamera({ deviceId: '', width: 640, height: 480 });
  return { camera, track };
}

describe('trackDelivers', () => {
  it('is true only for a live track that fired no ended event', () => {
    expect(trackDelivers({ readyState: 'live' }, false)).toBe(true);
    expect(trackDelivers({ readyState: 'ended' }, false)).toBe(false);
    expect(trackDelivers({ readyState: 'live' }, true)).toBe(false);
  });
});

describe('an opened camera', () => {
  it('is live until its track is stopped', async () => {
    const { camera, track } = await openStandIn();
    expect(camera.isLive()).toBe(true);
    expect(camera.width).toBe(640);
    track.stop();
    expect(camera.isLive()).toBe(false);
  });

  it('is lost once the track fires ended (the camera was unplugged)', async () => {
    const { camera, track } = await openStandIn();
    track.dispatchEvent(new Event('ended'));
    expect(camera.isLive()).toBe(false);
  });

  it('refuses a still from an ended track instead of drawing the dead video', async () => {
    const { camera, track } = await openStandIn();
    track.stop();
    // A video that still reports its size, as a <video> does after its track ended.
    let drawn = false;
    const video = {
      get videoWidth() {
        drawn = true;
        return 640;
      },
      videoHeight: 480,
      srcObject: null,
    } as unknown as HTMLVideoElement;
    await expect(takeStill(camera, video)).rejects.toBeInstanceOf(CameraLostError);
    expect(drawn).toBe(false);
  });
});
