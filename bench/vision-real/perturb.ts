// The perturbations a repeat capture plausibly differs by: framing (crops), distance (scale),
// exposure (brightness) and compression. Each takes the prepared face's decoded pixels and
// returns the JPEG bytes to analyse; all but the compression one re-encode at CAPTURE_QUALITY.
import sharp from 'sharp';
import type { RgbImage } from '../../vision/types.ts';
import { CAPTURE_QUALITY, toJpeg } from './faces.ts';

export interface Perturbation {
  readonly name: string;
  /** True when image pixels stay where they were (no crop or resize), so findings can be compared by position. */
  readonly sameGeometry: boolean;
  readonly apply: (image: RgbImage) => Promise<Buffer>;
}

const raw = (image: RgbImage) => sharp(Buffer.from(image.data.buffer, image.data.byteOffset, image.data.byteLength), { raw: { width: image.width, height: image.height, channels: 3 } });

/** Cuts `share` of the width and height off every border; analysed at the cropped size. */
function crop(share: number): Perturbation {
  return {
    name: `crop ${Math.round(share * 100)} %`,
    sameGeometry: false,
    apply: (image) => {
      const dx = Math.round(image.width * share);
      const dy = Math.round(image.height * share);
      return raw(image).extract({ left: dx, top: dy, width: image.width - 2 * dx, height: image.height - 2 * dy }).jpeg({ quality: CAPTURE_QUALITY }).toBuffer();
    },
  };
}

function scale(factor: number): Perturbation {
  return {
    name: `scale ${factor > 1 ? '+' : ''}${Math.round((factor - 1) * 100)} %`,
    sameGeometry: false,
    apply: (image) => raw(image).resize(Math.round(image.width * factor), Math.round(image.height * factor), { fit: 'fill', kernel: 'lanczos3' }).jpeg({ quality: CAPTURE_QUALITY }).toBuffer(),
  };
}

/** Multiplies the code values (an exposure change as the camera's tone curve delivers it), clipped. */
function brightness(factor: number): Perturbation {
  return {
    name: `brightness ${factor > 1 ? '+' : ''}${Math.round((factor - 1) * 100)} %`,
    sameGeometry: true,
    apply: (image) => {
      const data = new Uint8Array(image.data.length);
      for (let i = 0; i < data.length; i++) data[i] = Math.min(255, Math.round((image.data[i] ?? 0) * factor));
      return toJpeg({ width: image.width, height: image.height, data });
    },
  };
}

function jpeg(quality: number): Perturbation {
  return { name: `JPEG ${CAPTURE_QUALITY} -> ${quality}`, sameGeometry: true, apply: (image) => toJpeg(image, quality) };
}

export const PERTURBATIONS: readonly Perturbation[] = [crop(0.01), crop(0.02), crop(0.03), scale(0.95), scale(1.05), brightness(0.9), brightness(1.1), jpeg(80)];

/** The regression test's three: one of each kind that moves landmarks, resolution and pixels. */
export const QUICK_PERTURBATIONS: readonly Perturbation[] = [crop(0.02), scale(0.95), brightness(1.1)];
