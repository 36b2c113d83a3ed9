// The held-out real faces (D-119): faces of the same public photos that nothing was tuned on,
// cut from the installed packages' photos when read, never stored. Their labels must hold on the
// pixels the bench will analyse (a wrong crop box would evaluate another face, or none), and the
// cut must be the one that made the stored set (make-faces.ts and the bench share source.ts).
// FaceMesh on four crops: a few seconds on 2 cores.
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { FACES_DIR, prepareFace, rawOf, selectFaces } from '../../../bench/vision-real/faces.ts';
import { HELD_OUT_FACES, REAL_FACES } from '../../../test/fixtures/faces-real/manifest.ts';
import { cropFromSource } from '../../../test/fixtures/faces-real/source.ts';
import { analyzeFace } from '../../../vision/face/index.ts';
import { decodeImage } from '../../../vision/image/decode.ts';

describe('held-out real faces', () => {
  it('are apart from the evaluation set: other ids, nothing stored, selected only when asked', () => {
    const setIds = new Set(REAL_FACES.map((f) => f.id));
    for (const face of HELD_OUT_FACES) {
      expect(setIds.has(face.id)).toBe(false);
      expect(existsSync(join(FACES_DIR, `${face.id}.jpg`))).toBe(false);
    }
    expect(selectFaces().map((f) => f.id)).toEqual(REAL_FACES.map((f) => f.id));
    expect(selectFaces(undefined, true).map((f) => f.id)).toEqual(HELD_OUT_FACES.map((f) => f.id));
    expect(() => selectFaces([HELD_OUT_FACES[0]?.id ?? ''])).toThrow(/no real face/);
    expect(() => selectFaces([REAL_FACES[0]?.id ?? ''], true)).toThrow(/no held-out face/);
  });

  it.each(HELD_OUT_FACES.map((f) => [f.id, f] as const))('%s: the crop holds the labelled face (density within 5 percent, yaw within 3 degrees)', async (_id, meta) => {
    const prepared = await prepareFace(meta);
    expect(Math.abs(prepared.nativePxPerMm / meta.nativePxPerMm - 1)).toBeLessThan(0.05);
    const bytes = await cropFromSource(meta);
    const crop = await decodeImage(bytes);
    expect(crop.width).toBe(meta.crop.width);
    expect(crop.height).toBe(meta.crop.height);
    // Looked at as the labels were measured: small crops twice as large (faces.ts).
    const face = await analyzeFace(crop.width < 300 ? await rawOf(bytes, { width: crop.width * 2, height: crop.height * 2 }) : crop);
    expect(Math.abs(face.pose.yaw - meta.yaw)).toBeLessThan(3);
  });

  // The stored crops whose sources are npm packages (the astronaut's is a Debian package the CI
  // does not install): the shared cut gives their pixels, within a JPEG encoder's rounding.
  it.each(REAL_FACES.filter((f) => f.source !== 'skimage-astronaut').map((f) => [f.id, f] as const))('%s: the stored crop is the cut source.ts makes', async (_id, meta) => {
    const [cut, stored] = await Promise.all([cropFromSource(meta).then(decodeImage), readFile(join(FACES_DIR, meta.file)).then(decodeImage)]);
    expect([cut.width, cut.height]).toEqual([stored.width, stored.height]);
    let sum = 0;
    for (let i = 0; i < cut.data.length; i++) sum += Math.abs((cut.data[i] ?? 0) - (stored.data[i] ?? 0));
    expect(sum / cut.data.length).toBeLessThan(0.5);
  });
});
