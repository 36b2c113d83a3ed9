/** vision/image: decoding and resampling of images for the vision pipelines. */
export { decodeImage, probeImage, DEFAULT_MAX_INPUT_PIXELS, DEFAULT_MAX_PIXELS, DEFAULT_MIN_SIDE } from './decode.ts';
export type { DecodeOptions, DecodedImage } from './decode.ts';
export { ImageError, NotAnImageError, TruncatedImageError, ImageTooSmallError, ImageTooLargeError } from './errors.ts';
export type { ImageErrorCode } from './errors.ts';
export { applyAffine, composeAffine, invertAffine, letterboxAffine, squareCropAffine, IDENTITY } from './affine.ts';
export type { Affine } from './affine.ts';
export { sampleToTensor, supersampleFor } from './sample.ts';
export type { SampleOptions } from './sample.ts';
export { boxLuma, lumaOfTensor, meanLuma, sampleLuma } from './luma.ts';
export type { LumaRaster } from './luma.ts';
export { blockinessRatio, laplacianStats } from './measures.ts';
export type { LaplacianStats } from './measures.ts';
