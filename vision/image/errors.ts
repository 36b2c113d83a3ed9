/**
 * Typed failures of image decoding. Callers (the platform's detection endpoints, the kiosk's
 * capture checks) map each class to their own answer; a plain Error from this folder is a bug.
 */

export type ImageErrorCode = 'not_an_image' | 'truncated_image' | 'image_too_small' | 'image_too_large';

export abstract class ImageError extends Error {
  abstract readonly code: ImageErrorCode;
}

/** The bytes are not in a format libvips can read (or are empty). */
export class NotAnImageError extends ImageError {
  readonly code = 'not_an_image';
  override readonly name = 'NotAnImageError';
}

/** The header is valid but the pixel data ends early or is corrupt (a cut-off upload). */
export class TruncatedImageError extends ImageError {
  readonly code = 'truncated_image';
  override readonly name = 'TruncatedImageError';
}

export class ImageTooSmallError extends ImageError {
  readonly code = 'image_too_small';
  override readonly name = 'ImageTooSmallError';
  constructor(
    readonly width: number,
    readonly height: number,
    readonly minSide: number,
  ) {
    super(`image is ${width}x${height}; each side must be at least ${minSide} px`);
  }
}

export class ImageTooLargeError extends ImageError {
  readonly code = 'image_too_large';
  override readonly name = 'ImageTooLargeError';
  constructor(
    readonly width: number,
    readonly height: number,
    readonly maxInputPixels: number,
  ) {
    super(`image is ${width}x${height} (${width * height} px); the limit is ${maxInputPixels} px`);
  }
}
