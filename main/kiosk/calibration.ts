/**
 * Light calibration from a photo of a grey card (kiosk API calibrateLight): the mean RGB of the
 * central region (where the card is held) gives per-channel gains that make it neutral grey,
 * and an exposure factor that brings its luma to 0.46 (a mid-grey card at normal exposure).
 * Measured on the sRGB values as the camera delivers them: the kiosk applies the gains to those
 * same values, so no linearisation is needed for the factors to be right.
 */
import sharp from 'sharp';
import { invalid } from './errors.ts';

export const TARGET_LUMA = 0.46;
/** Central share of width and height that is measured. */
const CENTRE = 0.4;

export interface Calibration {
  readonly exposure: number;
  readonly gains: [number, number, number];
}

export async function calibrateFromGreyCard(jpeg: Uint8Array): Promise<Calibration> {
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
  const luma = 0.299 * r + 0.587 * g + 0.114 * b;
  if (Math.min(r, g, b) < 0.02) throw invalid('The grey card is too dark to measure: switch the light on and fill the centre of the picture with the card.', 'jpeg');
  if (clipped / n > 0.05) throw invalid('The grey card is overexposed (clipped to white): lower the exposure or move the card back.', 'jpeg');
  // Gains to the card's own mean level keep the brightness; exposure then scales to the target.
  const grey = (r + g + b) / 3;
  const gains: [number, number, number] = [round(grey / r), round(grey / g), round(grey / b)];
  return { exposure: round(TARGET_LUMA / luma), gains };
}

function round(value: number): number {
  return Math.round(value * 1000) / 1000;
}
