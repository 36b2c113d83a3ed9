// The live tracker: full path on the first frame, tracking path (detector skipped) while the face
// stays, full path again when it is lost or when a re-detection is due; it follows a moving face.
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { createFaceTracker } from '../../../vision/face/tracker.ts';
import { decodeImage } from '../../../vision/image/decode.ts';
import type { RgbImage } from '../../../vision/types.ts';
import { fixtureBytes } from './helpers.ts';

/** A 640x480 preview frame: the fixture (400 px) pasted at (left, top) on grey. */
async function frame(file: string, left = 120, top = 40): Promise<RgbImage> {
  const canvas = sharp({ create: { width: 640, height: 480, channels: 3, background: '#7a7a7a' } });
  return decodeImage(await canvas.composite([{ input: fixtureBytes(file), left, top }]).png().toBuffer());
}

const grey: RgbImage = { width: 640, height: 480, data: new Uint8Array(640 * 480 * 3).fill(90) };

describe('createFaceTracker', () => {
  it('takes the full path first, then tracks without the detector, with the same pose', async () => {
    const tracker = createFaceTracker();
    const f = await frame('sample6-frontal.jpg');
    const first = await tracker.process(f);
    expect(first.path).toBe('full');
    expect(first.faces).toHaveLength(1);
    const second = await tracker.process(f);
    expect(second.path).toBe('tracking');
    expect(second.faces).toHaveLength(1);
    expect(second.faces[0]!.keypoints).toHaveLength(6);
    expect(Math.abs(second.pose!.yaw - first.pose!.yaw)).toBeLessThan(3);
    expect(Math.abs(second.pose!.roll - first.pose!.roll)).toBeLessThan(3);
    expect(second.eyes!.left.source).toBe('mesh');
    expect(second.quality!.blur).toBeLessThan(0.5);
    // The detector's box carried over by the landmarks stays where the detector put it.
    expect(Math.abs(second.face!.box.left - first.face!.box.left)).toBeLessThan(first.face!.box.width * 0.05);
  });

  it('follows a face that moves between frames', async () => {
    const tracker = createFaceTracker();
    const a = await tracker.process(await frame('astronaut-frontal.jpg', 100, 60));
    const b = await tracker.process(await frame('astronaut-frontal.jpg', 124, 72));
    expect(b.path).toBe('tracking');
    // Mean shift of all 468 points: single points jitter by a pixel or two.
    let [dx, dy] = [0, 0];
    for (let i = 0; i < 468; i++) {
      dx += (b.face!.landmarks[3 * i]! - a.face!.landmarks[3 * i]!) / 468;
      dy += (b.face!.landmarks[3 * i + 1]! - a.face!.landmarks[3 * i + 1]!) / 468;
    }
    expect(Math.abs(dx - 24)).toBeLessThan(2);
    expect(Math.abs(dy - 12)).toBeLessThan(2);
  });

  it('drops to the full path when the face is gone, and finds it again', async () => {
    const tracker = createFaceTracker();
    const f = await frame('sample3-frontal-smile.jpg');
    await tracker.process(f);
    const lost = await tracker.process(grey);
    expect(lost).toMatchObject({ path: 'full', face: null, pose: null, faces: [] });
    const again = await tracker.process(grey);
    expect(again.path).toBe('full');
    const found = await tracker.process(f);
    expect(found.path).toBe('full');
    expect(found.face).not.toBeNull();
  });

  it('re-detects every redetectEvery frames and after reset()', async () => {
    const tracker = createFaceTracker({ redetectEvery: 3 });
    const f = await frame('sample1-tilted.jpg');
    const paths = [];
    for (let i = 0; i < 5; i++) paths.push((await tracker.process(f)).path);
    expect(paths).toEqual(['full', 'tracking', 'tracking', 'full', 'tracking']);
    tracker.reset();
    expect((await tracker.process(f)).path).toBe('full');
  });
});

describe('createFaceTracker with overlapping calls', () => {
  it('processes frames one at a time in call order when calls overlap', async () => {
    const tracker = createFaceTracker();
    const f = await frame('sample6-frontal.jpg');
    const results = await Promise.all([tracker.process(f), tracker.process(f), tracker.process(f)]);
    expect(results.map((r) => r.path)).toEqual(['full', 'tracking', 'tracking']);
  });
});
