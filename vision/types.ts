/**
 * Types shared by the face pipeline (vision/face) and the skin analysers (vision/skin), so each
 * side can be built and tested against the same contract.
 */

/** A decoded image: 8-bit RGB, row-major, no padding (data.length = width * height * 3). */
export interface RgbImage {
  readonly width: number;
  readonly height: number;
  readonly data: Uint8Array;
}

export interface Point2 {
  readonly x: number;
  readonly y: number;
}

/** An axis-aligned box in image pixels. */
export interface Box {
  readonly left: number;
  readonly top: number;
  readonly width: number;
  readonly height: number;
}

/**
 * The geometry of one face in image pixel coordinates: the detector's box and the 468 MediaPipe
 * FaceMesh landmarks (index order of the canonical face mesh; z on the x scale, negative towards
 * the camera).
 */
export interface FaceGeometry {
  readonly box: Box;
  /** 468 landmarks as [x0, y0, z0, x1, y1, z1, ...] in image pixels. */
  readonly landmarks: Float32Array;
  /** Head pose in degrees (sign conventions in docs/vision-face.md). */
  readonly pose: { readonly pitch: number; readonly roll: number; readonly yaw: number };
}

/** A finding an analyser located, drawable on the image. */
export type Annotation =
  | { readonly kind: 'points'; readonly points: readonly Point2[]; readonly radii?: readonly number[] }
  | { readonly kind: 'path'; readonly paths: readonly (readonly Point2[])[] }
  | { readonly kind: 'polygon'; readonly polygons: readonly (readonly Point2[])[] };
