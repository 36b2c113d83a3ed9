/**
 * Derives the history noise band (main/kiosk/noise-band.ts) by repeated analysis: each frontal
 * face fixture is prepared as the simulated camera delivers a still (upscaled to 1600x1200, JPEG
 * q90), then re-framed by small shifts and zooms (what a customer standing a little differently
 * does between two visits), re-encoded, and analysed by vision/skin exactly as the platform's
 * online_skin task does (face, analyseView on white, combineViews). Per dimension the score's
 * standard deviation over the re-framings is pooled over the fixtures; the band is the 95 % limit
 * of a difference between two such measurements, 1.96 x sqrt(2) x sigma, at least 1 point.
 *
 * Run once: npx tsx test/unit/kiosk-sync/derive-noise-band.ts  (prints the table)
 *
 * Superseded as the source of the kiosk's bands (D-033): main/kiosk/noise-band.ts now derives them
 * from the per-dimension score SDs in main/kiosk/repeatability.json, which the repeatability
 * benchmark writes (`--write-figures`). The file's current figures are this script's bands of
 * 2026-11-22 converted back to SDs; kept for reference and for a quick check on the fixtures.
 */
import sharp from 'sharp';
import { DIMENSION_IDS } from '../../../protocol/enums/dimensions.ts';
import type { DimensionId } from '../../../protocol/enums/dimensions.ts';
import { analyzeFace } from '../../../vision/face/index.ts';
import { decodeImage } from '../../../vision/image/decode.ts';
import { analyseView, combineViews } from '../../../vision/skin/index.ts';

const FIXTURES = ['sample6-frontal.jpg', 'sample3-frontal-smile.jpg', 'astronaut-frontal.jpg'];
const WIDTH = 1600;
const HEIGHT = 1200;
/** Shifts as a share of the frame, and zooms (1 = as framed). */
const SHIFTS = [-0.02, 0, 0.02];
const ZOOMS = [1, 0.96];

async function still(file: string): Promise<Buffer> {
  const path = new URL(`../../fixtures/faces/${file}`, import.meta.url).pathname;
  return sharp(path).resize(WIDTH, HEIGHT, { fit: 'cover', kernel: 'lanczos3' }).jpeg({ quality: 90 }).toBuffer();
}

async function reframe(jpeg: Buffer, dx: number, dy: number, zoom: number): Promise<Buffer> {
  const w = Math.round(WIDTH * zoom * 0.94);
  const h = Math.round(HEIGHT * zoom * 0.94);
  const left = Math.round((WIDTH - w) / 2 + dx * WIDTH);
  const top = Math.round((HEIGHT - h) / 2 + dy * HEIGHT);
  return sharp(jpeg).extract({ left, top, width: w, height: h }).resize(WIDTH, HEIGHT).jpeg({ quality: 90 }).toBuffer();
}

async function scores(jpeg: Buffer): Promise<Partial<Record<DimensionId, number>>> {
  const image = await decodeImage(jpeg);
  const face = await analyzeFace(image);
  const combined = combineViews([analyseView({ images: { white: image }, face, view: 'front' })]);
  const out: Partial<Record<DimensionId, number>> = {};
  for (const d of DIMENSION_IDS) {
    const r = combined.dimensions[d];
    if (r) out[d] = r.score;
  }
  return out;
}

const variances: Record<string, number[]> = {};
let runs = 0;
for (const file of FIXTURES) {
  const base = await still(file);
  const perDim: Record<string, number[]> = {};
  for (const dx of SHIFTS) {
    for (const dy of SHIFTS) {
      for (const zoom of ZOOMS) {
        const s = await scores(await reframe(base, dx, dy, zoom));
        runs++;
        for (const [d, v] of Object.entries(s)) (perDim[d] ??= []).push(v);
      }
    }
  }
  for (const [d, values] of Object.entries(perDim)) {
    const mean = values.reduce((a, b) => a + b, 0) / values.length;
    const variance = values.reduce((a, b) => a + (b - mean) ** 2, 0) / (values.length - 1);
    (variances[d] ??= []).push(variance);
  }
}
const band: Record<string, number> = {};
for (const d of DIMENSION_IDS) {
  const v = variances[d];
  const sigma = v && v.length > 0 ? Math.sqrt(v.reduce((a, b) => a + b, 0) / v.length) : 0;
  band[d] = Math.max(1, Math.round(1.96 * Math.SQRT2 * sigma * 10) / 10);
}
console.log(`analyses: ${runs} (${FIXTURES.length} fixtures x ${SHIFTS.length ** 2 * ZOOMS.length} re-framings), ${new Date().toISOString().slice(0, 10)}`);
console.log(JSON.stringify(band, null, 2));
