/**
 * MediaPipe Iris (models/README.md, "iris.onnx") on both eyes in one batch: a finer eyelid contour
 * than FaceMesh's, used for the eye state of still images. As in MediaPipe's iris graph, the eye
 * on the image left (landmarks 33 to 133) is fed as is and the other one mirrored, since the
 * model was trained on one eye side; its points are mirrored back.
 */
import { composeAffine, squareCropAffine } from '../image/affine.ts';
import type { Affine } from '../image/affine.ts';
import { sampleToTensor, supersampleFor } from '../image/sample.ts';
import type { RgbImage } from '../types.ts';
import { defaultFaceModels } from './models.ts';
import type { FaceModels } from './models.ts';

export const IRIS_INPUT_SIZE = 64;
const POINTS = 76;
/** Eye box side over the corner-to-corner distance (human's iris scale). */
const EYE_BOX_SCALE = 2.3;

export interface IrisEye {
  /** 71 eye-contour and brow points then 5 iris points (centre first), x, y, z in image pixels. */
  readonly points: Float32Array;
}

export interface IrisResult {
  /** The subject's left eye (landmarks 263 to 362; image right in an unmirrored photo). */
  readonly left: IrisEye;
  readonly right: IrisEye;
}

/** Iris point indices (model order) matching FaceMesh's eye contour: lower lid 0..8, upper lid 9..15. */
export const IRIS_EAR_POINTS = [0, 11, 13, 8, 5, 3] as const;

export async function estimateIris(image: RgbImage, landmarks: Float32Array, models: FaceModels = defaultFaceModels()): Promise<IrisResult> {
  const size = IRIS_INPUT_SIZE;
  // Image-left eye: corners 33 and 133, as is. Image-right eye: 263 and 362, mirrored.
  const imageLeft = eyeCrop(landmarks, 33, 133, false);
  const imageRight = eyeCrop(landmarks, 362, 263, true);
  const input = new Float32Array(2 * size * size * 3);
  for (const [k, crop] of [imageLeft, imageRight].entries()) {
    sampleToTensor(image, crop.toImage, size, size, { range: [0, 1], out: input, offset: k * size * size * 3, supersample: supersampleFor(crop.side, size) });
  }
  const out = await models.run('iris', input, [2, size, size, 3]);
  const raw = out['Identity'];
  if (!raw) throw new Error('iris output Identity missing');
  const toImage = (k: number, m: Affine): IrisEye => {
    const scale = Math.hypot(m.a, m.c);
    const points = new Float32Array(POINTS * 3);
    for (let i = 0; i < POINTS; i++) {
      const x = raw.data[k * POINTS * 3 + 3 * i]!;
      const y = raw.data[k * POINTS * 3 + 3 * i + 1]!;
      points[3 * i] = m.a * x + m.b * y + m.tx;
      points[3 * i + 1] = m.c * x + m.d * y + m.ty;
      // z from crop pixels to image pixels, like FaceMesh's.
      points[3 * i + 2] = raw.data[k * POINTS * 3 + 3 * i + 2]! * scale;
    }
    return { points };
  };
  // Image-left eye is the subject's right eye in an unmirrored photo.
  return { right: toImage(0, imageLeft.toImage), left: toImage(1, imageRight.toImage) };
}

/** Upright square around one eye; `mirror` flips the crop horizontally (and its map back). */
function eyeCrop(lm: Float32Array, a: number, b: number, mirror: boolean): { toImage: Affine; side: number } {
  const ax = lm[3 * a]!;
  const ay = lm[3 * a + 1]!;
  const bx = lm[3 * b]!;
  const by = lm[3 * b + 1]!;
  const side = Math.hypot(bx - ax, by - ay) * EYE_BOX_SCALE;
  // Upright along the eye line (a is the corner on the image left); the mirror is a flip, not a turn.
  const angle = Math.atan2(by - ay, bx - ax);
  const crop = squareCropAffine((ax + bx) / 2, (ay + by) / 2, side, angle, IRIS_INPUT_SIZE);
  if (!mirror) return { toImage: crop, side };
  const flip: Affine = { a: -1, b: 0, c: 0, d: 1, tx: IRIS_INPUT_SIZE, ty: 0 };
  return { toImage: composeAffine(crop, flip), side };
}
