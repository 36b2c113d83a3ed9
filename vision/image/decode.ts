/**
 * Bytes to RgbImage with sharp (libvips). Memory stays bounded for any input: libvips refuses
 * inputs above `maxInputPixels` before decoding, and images above `maxPixels` are shrunk while
 * they decode (JPEG shrink-on-load, then a streaming resize), so no full-size raw buffer of a
 * huge photo ever exists. Decisions and limits: docs/vision-face.md, "Decoding".
 */
import sharp from 'sharp';
import type { RgbImage } from '../types.ts';
import { ImageTooLargeError, ImageTooSmallError, NotAnImageError, TruncatedImageError } from './errors.ts';

export interface DecodeOptions {
  /** Inputs with more pixels are refused with ImageTooLargeError. Default 100 MP. */
  readonly maxInputPixels?: number;
  /** Inputs with more pixels are downscaled on decode to fit (aspect kept). Default 25 MP. */
  readonly maxPixels?: number;
  /** Each side (after EXIF orientation) must be at least this long. Default 32 px. */
  readonly minSide?: number;
  /**
   * A whole factor to shrink by while decoding, given the oriented source size (default 1). A
   * JPEG shrunk by a power of two decodes at that size (libvips' shrink-on-load), about twice as
   * fast at half size.
   */
  readonly shrink?: (sourceWidth: number, sourceHeight: number) => number;
}

export interface DecodedImage extends RgbImage {
  /** Size of the encoded image after EXIF orientation, before any downscale. */
  readonly sourceWidth: number;
  readonly sourceHeight: number;
  /** width / sourceWidth: 1 unless the image was downscaled on decode. */
  readonly scale: number;
  /** libvips' name of the input format: jpeg, png, webp, ... */
  readonly format: string;
}

export const DEFAULT_MAX_INPUT_PIXELS = 100_000_000;
// 25 MP keeps a 24 MP camera capture at full resolution for the skin analysers.
export const DEFAULT_MAX_PIXELS = 25_000_000;
export const DEFAULT_MIN_SIDE = 32;

export async function decodeImage(bytes: Uint8Array, options: DecodeOptions = {}): Promise<DecodedImage> {
  const maxInputPixels = options.maxInputPixels ?? DEFAULT_MAX_INPUT_PIXELS;
  const maxPixels = options.maxPixels ?? DEFAULT_MAX_PIXELS;
  const minSide = options.minSide ?? DEFAULT_MIN_SIDE;
  if (bytes.length === 0) throw new NotAnImageError('no bytes');

  // The header alone tells the size: refuse too large or too small inputs before decoding.
  // limitInputPixels: false here, because the typed check below gives a better error than libvips.
  const meta = await sharp(bytes, { limitInputPixels: false })
    .metadata()
    .catch((err: unknown) => {
      throw classifyDecodeError(err);
    });
  if (!meta.width || !meta.height) throw new NotAnImageError(`no image size in ${meta.format ?? 'input'}`);
  // EXIF orientations 5..8 swap the sides.
  const swap = (meta.orientation ?? 1) >= 5;
  const sourceWidth = swap ? meta.height : meta.width;
  const sourceHeight = swap ? meta.width : meta.height;
  if (sourceWidth * sourceHeight > maxInputPixels) throw new ImageTooLargeError(sourceWidth, sourceHeight, maxInputPixels);
  if (sourceWidth < minSide || sourceHeight < minSide) throw new ImageTooSmallError(sourceWidth, sourceHeight, minSide);

  const shrink = Math.max(1, Math.floor(options.shrink?.(sourceWidth, sourceHeight) ?? 1));
  const scale = Math.min(1 / shrink, Math.sqrt(maxPixels / (sourceWidth * sourceHeight)));
  // failOn 'truncated' turns a cut-off JPEG into an error instead of grey rows at the bottom.
  let pipeline = sharp(bytes, { limitInputPixels: maxInputPixels, failOn: 'truncated', sequentialRead: true })
    .rotate() // apply EXIF orientation: landmarks must be in the upright image
    .flatten({ background: { r: 255, g: 255, b: 255 } })
    .toColourspace('srgb');
  if (scale < 1) {
    const width = Math.max(1, Math.floor(sourceWidth * scale));
    const height = Math.max(1, Math.floor(sourceHeight * scale));
    pipeline = pipeline.resize(width, height, { fit: 'fill', kernel: 'lanczos3' });
  }
  const { data, info } = await pipeline
    .removeAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true })
    .catch((err: unknown) => {
      throw classifyDecodeError(err);
    });
  if (info.channels !== 3) throw new NotAnImageError(`decoded to ${info.channels} channels, expected 3`);
  return {
    width: info.width,
    height: info.height,
    data: new Uint8Array(data.buffer, data.byteOffset, data.byteLength),
    sourceWidth,
    sourceHeight,
    scale: info.width / sourceWidth,
    format: meta.format ?? 'unknown',
  };
}

/** Reads only the header: format and oriented size, or the same typed errors as decodeImage. */
export async function probeImage(bytes: Uint8Array): Promise<{ width: number; height: number; format: string }> {
  if (bytes.length === 0) throw new NotAnImageError('no bytes');
  const meta = await sharp(bytes, { limitInputPixels: false })
    .metadata()
    .catch((err: unknown) => {
      throw classifyDecodeError(err);
    });
  if (!meta.width || !meta.height) throw new NotAnImageError('no image size');
  const swap = (meta.orientation ?? 1) >= 5;
  return { width: swap ? meta.height : meta.width, height: swap ? meta.width : meta.height, format: meta.format ?? 'unknown' };
}

// libvips reports failures as message strings only; these are the ones seen for each case.
const TRUNCATED = /premature end|truncated|corrupt|unexpected end|read error|incomplete/i;

function classifyDecodeError(err: unknown): Error {
  const message = err instanceof Error ? err.message : String(err);
  if (TRUNCATED.test(message)) return new TruncatedImageError(message, { cause: err });
  return new NotAnImageError(message, { cause: err });
}
