/**
 * A calibration still must show a grey card in the marked area (D-060, issue 16 item 3: a face was
 * accepted as one). Real pictures: a face photo, checked with the kiosk's own face models and
 * without them; synthetic cards with a lamp's fall-off and sensor noise, held too small, coloured
 * or printed.
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLiveCheck } from '../../../main/capture/face-live-check.ts';
import type { LiveCheck } from '../../../main/capture/live-check.ts';
import { checkCalibrationStill } from '../../../main/kiosk/calibration.ts';
import { checkGreyCard, type FindFace } from '../../../main/kiosk/grey-card-check.ts';
import type { RgbImage } from '../../../vision/types.ts';

const FACE = fileURLToPath(new URL('../../fixtures/faces/sample6-frontal.jpg', import.meta.url));
const noFace: FindFace = async () => null;

/** A picture from a per-pixel colour function, with ±`noise` (0..255) of deterministic noise. */
function picture(width: number, height: number, colour: (x: number, y: number) => [number, number, number], noise = 3): RgbImage {
  const data = new Uint8Array(width * height * 3);
  let seed = 7;
  const random = () => ((seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31) * 2 - 1;
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const [r, g, b] = colour(x, y);
      const n = random() * noise;
      data.set([r + n, g + n, b + n].map((v) => Math.max(0, Math.min(255, Math.round(v)))), (y * width + x) * 3);
    }
  }
  return { width, height, data };
}

/** A mid-grey card under a slightly warm lamp, 8 % darker towards the right. */
const card = (x: number, width: number): [number, number, number] => {
  const fall = 1 - 0.08 * (x / width);
  return [128 * fall, 118 * fall, 105 * fall];
};

describe('grey card check', () => {
  let liveCheck: LiveCheck;
  beforeAll(async () => {
    liveCheck = await createLiveCheck({});
  });
  afterAll(() => undefined);
  const findFace: FindFace = async (image) => {
    const check = await liveCheck(image);
    return check.facePresent ? check.faceBox : null;
  };

  it('accepts a grey card filling the marked area, under a tinted lamp with fall-off and noise', async () => {
    const verdict = await checkGreyCard(picture(480, 360, (x) => card(x, 480)), noFace);
    expect(verdict).toMatchObject({ ok: true });
  });

  it('refuses a face: the kiosk’s face check finds it in the marked area', async () => {
    const jpeg = await sharp(readFileSync(FACE)).resize(480, 360, { fit: 'cover' }).jpeg().toBuffer();
    const check = await checkCalibrationStill(jpeg, findFace);
    expect(check).toMatchObject({ ok: false, reason: 'face' });
    // The technician sees the picture that was judged.
    expect(check.before.length).toBeGreaterThan(1000);
  });

  it('refuses a face even when the face check cannot run: skin is neither even nor grey', async () => {
    const jpeg = await sharp(readFileSync(FACE)).resize(480, 360, { fit: 'cover' }).jpeg().toBuffer();
    const check = await checkCalibrationStill(jpeg, noFace);
    expect(check.ok).toBe(false);
    expect(['not_uniform', 'not_filling', 'not_neutral']).toContain(check.ok ? null : check.reason);
  });

  it('refuses a card that does not reach the edges of the marked area', async () => {
    // The card covers only the middle of the marked area (0.3..0.7 of each side); a dark room around it.
    const small = picture(480, 360, (x, y) => (x > 170 && x < 310 && y > 128 && y < 232 ? card(x, 480) : [40, 45, 50]));
    expect(await checkGreyCard(small, noFace)).toMatchObject({ ok: false, reason: 'not_filling' });
  });

  it('refuses a coloured surface, however even', async () => {
    const skinTone = picture(480, 360, () => [205, 150, 120]);
    expect(await checkGreyCard(skinTone, noFace)).toMatchObject({ ok: false, reason: 'not_neutral' });
  });

  it('refuses print or texture in the marked area', async () => {
    const printed = picture(480, 360, (x, y) => ((Math.floor(x / 6) + Math.floor(y / 6)) % 2 ? [150, 150, 150] : [100, 100, 100]));
    expect(await checkGreyCard(printed, noFace)).toMatchObject({ ok: false, reason: 'not_uniform' });
  });

  it('refuses a card lit unevenly (a shadow across half of it)', async () => {
    const shadowed = picture(480, 360, (x) => (x < 240 ? card(x, 480) : card(x, 480).map((v) => v * 0.6) as [number, number, number]));
    expect(await checkGreyCard(shadowed, noFace)).toMatchObject({ ok: false, reason: 'not_uniform' });
  });
});
