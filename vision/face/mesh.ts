/**
 * FaceMesh (models/README.md, "facemesh.onnx"): crop the upright face square to 192x192 (values
 * 0..1), run, map the 468 points back to image pixels. z is scaled like x and y (crop pixels to
 * image pixels), so it is "on the x scale" as vision/types.ts promises; negative is towards the camera.
 */
import { composeAffine, squareCropAffine } from '../image/affine.ts';
import type { Affine } from '../image/affine.ts';
import { sampleToTensor, supersampleFor } from '../image/sample.ts';
import type { RgbImage } from '../types.ts';
import { InputBuffers } from './buffers.ts';
import { MIRROR_INDEX } from './mirror.ts';
import { defaultFaceModels } from './models.ts';
import type { FaceModels } from './models.ts';
import type { FaceRegion } from './types.ts';

export const MESH_INPUT_SIZE = 192;
export const LANDMARK_COUNT = 468;

export interface MeshResult {
  /** 468 x (x, y, z) in image pixels. */
  readonly landmarks: Float32Array;
  /** The model's face-presence probability for the crop, 0..1. */
  readonly faceScore: number;
  readonly region: FaceRegion;
  /** Crop-to-image map of the region: crop pixels (0..192) to image pixels. */
  readonly toImage: Affine;
}

/**
 * `mirrored` feeds FaceMesh the crop flipped left-right and maps its points back (positions through
 * the flipped crop, indices through MIRROR_INDEX): a second, partly independent reading of the same
 * face for the still path's averaging (stable.ts).
 */
export async function estimateLandmarks(image: RgbImage, region: FaceRegion, models: FaceModels = defaultFaceModels(), mirrored = false): Promise<MeshResult> {
  const size = MESH_INPUT_SIZE;
  const toImage = squareCropAffine(region.cx, region.cy, region.size, region.angle, size);
  const sampling = mirrored ? composeAffine(toImage, { a: -1, b: 0, c: 0, d: 1, tx: size, ty: 0 }) : toImage;
  const buffer = inputs.take();
  try {
    const input = sampleToTensor(image, sampling, size, size, { range: [0, 1], out: buffer, supersample: supersampleFor(region.size, size) });
    const out = await models.run('facemesh', input, [1, size, size, 3]);
    const mesh = out['output_mesh'];
    const flag = out['output_faceflag'];
    if (!mesh || !flag) throw new Error('facemesh outputs missing');
    const points = meshToImage(mesh.data, sampling, region.size / size);
    return { landmarks: mirrored ? remap(points, MIRROR_INDEX) : points, faceScore: flag.data[0] ?? 0, region, toImage };
  } finally {
    inputs.give(buffer);
  }
}

const inputs = new InputBuffers(MESH_INPUT_SIZE * MESH_INPUT_SIZE * 3);

/** Crop coordinates to image coordinates; z scaled by the same factor as x and y. */
export function meshToImage(raw: Float32Array, toImage: Affine, zScale: number): Float32Array {
  const out = new Float32Array(LANDMARK_COUNT * 3);
  const { a, b, c, d, tx, ty } = toImage;
  for (let i = 0; i < LANDMARK_COUNT * 3; i += 3) {
    const x = raw[i]!;
    const y = raw[i + 1]!;
    out[i] = a * x + b * y + tx;
    out[i + 1] = c * x + d * y + ty;
    out[i + 2] = raw[i + 2]! * zScale;
  }
  return out;
}

/** out[index[i]] = points[i], per landmark (x, y, z). */
function remap(points: Float32Array, index: readonly number[]): Float32Array {
  const out = new Float32Array(points.length);
  for (let i = 0; i < LANDMARK_COUNT; i++) out.set(points.subarray(3 * i, 3 * i + 3), 3 * index[i]!);
  return out;
}
