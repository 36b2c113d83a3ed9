/**
 * Light calibration from a photo of a grey card (kiosk API calibrateLight): the mean RGB of the
 * central region (where the card is held) gives per-channel gains that make it neutral grey,
 * and an exposure factor that brings its luma to 0.46 (a mid-grey card at normal exposure).
 * Measured on the sRGB values as the camera delivers them, and applied to those same values in
 * every still of that light (applyCalibration): per-channel gains on gamma-encoded values are
 * still a diagonal (von Kries) transform of the linear ones, so no linearisation is needed.
 */
import sharp from 'sharp';
import type { LightSource } from '../../protocol/skin-api/api-codes.ts';
import type { StillImage } from '../device/camera.ts';
import { invalid } from './errors.ts';

export const TARGET_LUMA = 0.46;
/** Central share of width and height that is measured. */
const CENTRE = 0.4;

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

export async function calibrateFromGreyCard(jpeg: Uint8Array): Promise<Calibration> {
  const { r, g, b } = await greyCardMean(jpeg);
  if (Math.min(r, g, b) < 0.02) throw invalid('The grey card is too dark to measure: switch the light on and fill the centre of the picture with the card.', 'jpeg');
  // Gains to the card's own mean level keep the brightness; exposure then scales the balanced
  // (neutral, so luma = grey) card to the target.
  const grey = (r + g + b) / 3;
  const gains: [number, number, number] = [round(grey / r), round(grey / g), round(grey / b)];
  return { exposure: round(TARGET_LUMA / grey), gains };
}

/** Mean RGB (0..1) of the central region; refuses an unreadable or overexposed picture. */
export async function greyCardMean(jpeg: Uint8Array): Promise<{ r: number; g: number; b: number }> {
  let decoded;
  try {
    decoded = await sharp(jpeg).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  } catch (error) {
    throw invalid(`The calibration photo is not a readable image: ${(error as Error).message}`, 'jpeg');
  }
  const { data, info } = decoded;
  const w = Math.max(1, Math.round(info.width * CENTRE));
  const h = Math.max(1, Math.round(info.height * CENTRE));
  const x0 = Math.floor((info.width - w) / 2);
  const y0 = Math.floor((info.height - h) / 2);
  const sum = [0, 0, 0];
  let clipped = 0;
  for (let y = y0; y < y0 + h; y++) {
    for (let x = x0; x < x0 + w; x++) {
      const i = (y * info.width + x) * info.channels;
      for (let c = 0; c < 3; c++) sum[c]! += data[i + c]!;
      if (data[i]! >= 254 || data[i + 1]! >= 254 || data[i + 2]! >= 254) clipped++;
    }
  }
  const n = w * h;
  const [r, g, b] = sum.map((s) => s / n / 255) as [number, number, number];
  if (clipped / n > 0.05) throw invalid('The grey card is overexposed (clipped to white): lower the exposure or move the card back.', 'jpeg');
  return { r, g, b };
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
