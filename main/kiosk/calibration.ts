/**
 * Light calibration from a photo of a grey card (kiosk API calibrateLight): once the marked area
 * is checked to be a grey card (grey-card-check.ts, D-060), its mean RGB gives per-channel gains that make it neutral grey,
 * and an exposure factor that brings its luma to 0.46 (a mid-grey card at normal exposure).
 * Measured on the sRGB values as the camera delivers them, and applied to those same values in
 * every still of that light (applyCalibration): per-channel gains on gamma-encoded values are
 * still a diagonal (von Kries) transform of the linear ones, so no linearisation is needed.
 */
import sharp from 'sharp';
import type { LightSource } from '../../protocol/skin-api/api-codes.ts';
import type { StillImage } from '../device/camera.ts';
import type { RgbImage } from '../../vision/types.ts';
import { invalid } from './errors.ts';
import { checkGreyCard, type CardMeasures, type CardRefusal, type FindFace } from './grey-card-check.ts';

export const TARGET_LUMA = 0.46;

export interface Calibration {
  readonly exposure: number;
  readonly gains: [number, number, number];
}

/**
 * Lights a grey card can calibrate. Under UV the card shows little but the lamp's own violet
 * leak, and the UV look (fluorescence on a dark violet ground) is the measurement: neutralising
 * it would erase what the uv analysers read (docs/decisions.md, "Calibration per light").
 */
export function calibratable(light: LightSource): boolean {
  return light !== 'uv';
}

/** Stored JPEG quality of a corrected still: the correction must not cost the analysers detail. */
const CORRECTED_QUALITY = 95;

/** Size of the picture the card is checked on and shown to the technician: noise averages out, and the answer stays small. */
const CHECK_WIDTH = 480;

/** What a calibration still gave: a proposal to show before it is saved, or why it was refused (D-060). */
export type CalibrationCheck =
  | { readonly ok: true; readonly calibration: Calibration; readonly measures: CardMeasures; readonly before: Uint8Array<ArrayBuffer>; readonly after: Uint8Array<ArrayBuffer> }
  | { readonly ok: false; readonly reason: CardRefusal; readonly measures: CardMeasures | null; readonly before: Uint8Array<ArrayBuffer> };

/**
 * Checks that the still shows a grey card in the marked area (grey-card-check.ts) and computes
 * the light's correction from it, with the still before and after the correction for the
 * technician to look at. Nothing is saved here.
 */
export async function checkCalibrationStill(jpeg: Uint8Array, findFace: FindFace): Promise<CalibrationCheck> {
  const image = await decodeSmall(jpeg);
  const before = await encode(image, [1, 1, 1]);
  const verdict = await checkGreyCard(image, findFace);
  if (!verdict.ok) return { ok: false, reason: verdict.reason, measures: verdict.measures, before };
  const calibration = calibrationOf(verdict.measures.mean);
  return { ok: true, calibration, measures: verdict.measures, before, after: await encode(image, calibration.gains.map((g) => g * calibration.exposure)) };
}

/**
 * Gains to the card's own mean level keep the brightness; exposure then scales the balanced
 * (neutral, so luma = grey) card to the target.
 */
export function calibrationOf([r, g, b]: readonly [number, number, number]): Calibration {
  const grey = (r + g + b) / 3;
  return { exposure: round(TARGET_LUMA / grey), gains: [round(grey / r), round(grey / g), round(grey / b)] };
}

async function decodeSmall(jpeg: Uint8Array): Promise<RgbImage> {
  try {
    const { data, info } = await sharp(jpeg).resize({ width: CHECK_WIDTH, withoutEnlargement: true }).removeAlpha().raw().toBuffer({ resolveWithObject: true });
    return { width: info.width, height: info.height, data: new Uint8Array(data.buffer, data.byteOffset, data.length) };
  } catch (error) {
    throw invalid(`The calibration photo is not a readable image: ${(error as Error).message}`, 'jpeg');
  }
}

async function encode(image: RgbImage, factors: readonly number[]): Promise<Uint8Array<ArrayBuffer>> {
  const jpeg = await sharp(image.data, { raw: { width: image.width, height: image.height, channels: 3 } })
    .linear([...factors], [0, 0, 0])
    .jpeg({ quality: 85 })
    .toBuffer();
  // sharp's Buffer never sits on a SharedArrayBuffer.
  return new Uint8Array(jpeg.buffer as ArrayBuffer, jpeg.byteOffset, jpeg.length);
}

/**
 * The still with the light's calibration applied to its pixels: each channel times its gain and
 * the exposure factor (clipped at white), re-encoded as a 4:4:4 JPEG at quality 95. A calibration
 * that changes nothing (all factors within 0.5 %) hands the still back untouched.
 */
export async function applyCalibration(still: StillImage, calibration: Calibration): Promise<StillImage> {
  const factors = calibration.gains.map((g) => g * calibration.exposure);
  if (factors.every((f) => Math.abs(f - 1) < 0.005)) return still;
  const { data, info } = await sharp(still.jpeg)
    .removeAlpha()
    .linear(factors, [0, 0, 0])
    .jpeg({ quality: CORRECTED_QUALITY, chromaSubsampling: '4:4:4' })
    .toBuffer({ resolveWithObject: true });
  return { jpeg: new Uint8Array(data.buffer, data.byteOffset, data.length), width: info.width, height: info.height };
}

function round(value: number): number {
  return Math.round(value * 1000) / 1000;
}

/**
 * The still correction of the capture sessions: every still of a light with a saved calibration
 * gets it applied before it is stored; uncalibrated lights (and uv, see calibratable) are stored
 * as the camera delivered them.
 */
export function calibratedStills(saved: () => Readonly<Record<string, Calibration>>): (still: StillImage, light: LightSource) => Promise<StillImage> {
  return async (still, light) => {
    const calibration = calibratable(light) ? saved()[light] : undefined;
    return calibration ? applyCalibration(still, calibration) : still;
  };
}
