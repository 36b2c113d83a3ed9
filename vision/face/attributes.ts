/**
 * Face attributes of the facial analysis result: gender from FaceRes (models/README.md,
 * "faceres.onnx") and the head's translation relative to the camera from the pose fit.
 */
import { squareCropAffine } from '../image/affine.ts';
import { sampleToTensor, supersampleFor } from '../image/sample.ts';
import type { RgbImage } from '../types.ts';
import { defaultFaceModels } from './models.ts';
import type { FaceModels } from './models.ts';
import type { PoseFit } from './pose.ts';
import type { FaceRegion } from './types.ts';

export const FACERES_INPUT_SIZE = 224;

/** Horizontal field of view assumed when the camera's is not given (a typical webcam/kiosk lens). */
export const DEFAULT_HORIZONTAL_FOV_DEGREES = 60;

export interface HeadTranslation {
  /** Centimetres in the camera frame: x to the image right, y down, z away from the camera (distance). */
  readonly x: number;
  readonly y: number;
  readonly z: number;
}

/**
 * FaceRes' gender score, 0..1: above 0.5 "male", at or below "female", as human reads it. The crop
 * is the upright face square FaceMesh read (human feeds FaceRes its face crop the same way).
 */
export async function estimateGender(image: RgbImage, region: FaceRegion, models: FaceModels = defaultFaceModels()): Promise<number> {
  const size = FACERES_INPUT_SIZE;
  const toImage = squareCropAffine(region.cx, region.cy, region.size, region.angle, size);
  const input = sampleToTensor(image, toImage, size, size, { range: [0, 255], supersample: supersampleFor(region.size, size) });
  const out = await models.run('faceres', input, [1, size, size, 3]);
  const gender = out['gender_pred/Sigmoid'];
  if (!gender) throw new Error('faceres output gender_pred/Sigmoid missing');
  return gender.data[0] ?? 0.5;
}

/**
 * Pinhole estimate from the fit: the reference face is in centimetres, so the fitted scale (pixels
 * per centimetre) and the focal length in pixels give the distance; the origin's offset from the
 * image centre gives x and y. Only as good as the assumed field of view and an average face size.
 */
export function headTranslation(image: Pick<RgbImage, 'width' | 'height'>, fit: PoseFit, horizontalFovDegrees = DEFAULT_HORIZONTAL_FOV_DEGREES): HeadTranslation {
  const focal = image.width / 2 / Math.tan((horizontalFovDegrees * Math.PI) / 360);
  const z = focal / Math.max(fit.scale, 1e-9);
  return {
    x: ((fit.origin.x - image.width / 2) * z) / focal,
    y: ((fit.origin.y - image.height / 2) * z) / focal,
    z,
  };
}
