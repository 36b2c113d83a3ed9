/**
 * Head pose by a least-squares similarity fit (rotation, scale, translation) of the canonical
 * reference face (canonical.ts) to the FaceMesh landmarks, x, y and z, with Horn's closed-form
 * quaternion solution. Orthographic: at kiosk distances the face's depth (~10 cm) is small
 * against the distance to the camera (40 cm and more), so perspective bends the fit by a few
 * percent at most. Sign conventions: docs/vision-face.md, "Head pose".
 *
 * Pitch is corrected for FaceMesh's depth bias (PITCH_BIAS_DEGREES): the fit alone reads faces
 * that look level into the lens as chin-down by several degrees (docs/vision-face.md, "Pitch bias").
 */
import type { Point2 } from '../types.ts';
import { REFERENCE_POINTS } from './canonical.ts';
import { quaternionToMatrix, symmetricEigen } from './linalg.ts';
import type { HeadPose } from './types.ts';

export interface PoseFit {
  /** The head's pose: the fit's angles with pitch corrected by PITCH_BIAS_DEGREES. */
  readonly pose: HeadPose;
  /**
   * Pitch of FaceMesh's mesh against the canonical model, before the bias correction
   * (pose.pitch = meshPitch - PITCH_BIAS_DEGREES): what `rotation` says.
   */
  readonly meshPitch: number;
  /**
   * Row-major rotation taking reference directions to the camera frame (x to the image right,
   * y up, z towards the camera): n_camera = R n_reference. It is the mesh's, uncorrected, so the
   * surface normals of visibility.ts stay on the mesh FaceMesh drew.
   */
  readonly rotation: readonly number[];
  /** Image pixels per reference centimetre. */
  readonly scale: number;
  /** Where the reference origin (the centre between the ears, behind the nose) lands, in image pixels. */
  readonly origin: Point2;
  /** Root-mean-square residual of the fit in reference centimetres: large values mean a distorted mesh. */
  readonly residual: number;
}

const DEG = 180 / Math.PI;

/**
 * FaceMesh's mesh is tilted chin-back against MediaPipe's canonical face on faces that look level
 * into the lens: the fit reads them at about this pitch. Measured with the still path's landmarks
 * on the frontal faces (|yaw| <= 16) of the eye-level photos: the passport-style portrait -6.8
 * (-7.0 on its 512 px source), four others -8.6, -4.7, -12.1 and -3.0 (median -6.8, mean -7.0),
 * and one with the chin visibly raised +11.4 (left out; with it the median is -5.8). Faces differ
 * by several degrees, so this is good to about +-2 (docs/vision-face.md, "Pitch bias"). Subtracted from the fitted pitch, which is exact for the
 * decomposition below: pitch is the innermost rotation, so tilting the reference face by the
 * bias would change pitch alone.
 */
export const PITCH_BIAS_DEGREES = -7;
const N = REFERENCE_POINTS.length;
const REF = REFERENCE_POINTS.map(([, x, y, z]) => [x, y, z] as const);
const REF_MEAN = [0, 1, 2].map((d) => REF.reduce((s, p) => s + p[d]!, 0) / N) as [number, number, number];
const REF_CENTRED = REF.map((p) => [p[0] - REF_MEAN[0], p[1] - REF_MEAN[1], p[2] - REF_MEAN[2]] as const);
const REF_NORM = REF_CENTRED.reduce((s, p) => s + p[0] ** 2 + p[1] ** 2 + p[2] ** 2, 0);

/** Fits the reference to 468 landmarks (x, y, z image pixels, y down, z negative towards the camera). */
export function fitHeadPose(landmarks: Float32Array): PoseFit {
  // Observed points in the reference's axes: flip y (image y is down) and z (FaceMesh z points away).
  const obs = REFERENCE_POINTS.map(([i]) => [landmarks[3 * i]!, -landmarks[3 * i + 1]!, -landmarks[3 * i + 2]!] as const);
  const mean = [0, 1, 2].map((d) => obs.reduce((s, p) => s + p[d]!, 0) / N) as [number, number, number];
  // Cross-covariance S[a][b] = sum of ref_a * obs_b (both centred).
  const S = [
    [0, 0, 0],
    [0, 0, 0],
    [0, 0, 0],
  ];
  for (let k = 0; k < N; k++) {
    const p = REF_CENTRED[k]!;
    const o = obs[k]!;
    for (let a = 0; a < 3; a++) for (let b = 0; b < 3; b++) S[a]![b]! += p[a]! * (o[b]! - mean[b]!);
  }
  const [[xx, xy, xz], [yx, yy, yz], [zx, zy, zz]] = S as [[number, number, number], [number, number, number], [number, number, number]];
  // Horn (1987): the unit quaternion of the best rotation is the top eigenvector of this matrix.
  const { vectors } = symmetricEigen([
    [xx + yy + zz, yz - zy, zx - xz, xy - yx],
    [yz - zy, xx - yy - zz, xy + yx, zx + xz],
    [zx - xz, xy + yx, -xx + yy - zz, yz + zy],
    [xy - yx, zx + xz, yz + zy, -xx - yy + zz],
  ]);
  const [w, qx, qy, qz] = vectors[0] as [number, number, number, number];
  const R = quaternionToMatrix(w, qx, qy, qz);
  // Scale and residual of the similarity fit.
  let dot = 0;
  const rotated = REF_CENTRED.map((p) => [0, 1, 2].map((r) => R[3 * r]! * p[0] + R[3 * r + 1]! * p[1] + R[3 * r + 2]! * p[2]));
  for (let k = 0; k < N; k++) for (let d = 0; d < 3; d++) dot += rotated[k]![d]! * (obs[k]![d]! - mean[d]!);
  const scale = dot / REF_NORM;
  let err = 0;
  for (let k = 0; k < N; k++) for (let d = 0; d < 3; d++) err += (obs[k]![d]! - mean[d]! - scale * rotated[k]![d]!) ** 2;
  // Reference origin: mean - s R refMean (in the flipped frame), back to image y.
  const ox = mean[0] - scale * (R[0]! * REF_MEAN[0] + R[1]! * REF_MEAN[1] + R[2]! * REF_MEAN[2]);
  const oy = mean[1] - scale * (R[3]! * REF_MEAN[0] + R[4]! * REF_MEAN[1] + R[5]! * REF_MEAN[2]);
  const mesh = eulerFromRotation(R);
  const pose = { ...mesh, pitch: wrapDegrees(mesh.pitch - PITCH_BIAS_DEGREES) };
  return { pose, meshPitch: mesh.pitch, rotation: R, scale, origin: { x: ox, y: -oy }, residual: Math.sqrt(err / N) / Math.max(scale, 1e-9) };
}

/**
 * R = Rz(psi) Ry(theta) Rx(phi): pitch about the head's own left-right axis first, then yaw about
 * the vertical, then roll in the image plane. Roll outermost makes an in-plane rotation of the
 * image change roll alone. yaw = theta, pitch = -phi (chin up positive), roll = -psi (clockwise on
 * screen positive).
 */
export function eulerFromRotation(R: readonly number[]): HeadPose {
  const [r00, , , r10, , , r20, r21, r22] = R as [number, number, number, number, number, number, number, number, number];
  const theta = Math.atan2(-r20, Math.hypot(r21, r22));
  const phi = Math.atan2(r21, r22);
  const psi = Math.atan2(r10, r00);
  return { pitch: -phi * DEG + 0, roll: -psi * DEG + 0, yaw: theta * DEG + 0 };
}

/** The angle in (-180, 180]. */
function wrapDegrees(a: number): number {
  const w = a - 360 * Math.ceil((a - 180) / 360);
  return w + 0;
}

/** Rotates a reference-frame direction into the camera frame (x right, y up, z towards the camera). */
export function rotateDirection(R: readonly number[], v: readonly [number, number, number]): [number, number, number] {
  return [0, 1, 2].map((r) => R[3 * r]! * v[0] + R[3 * r + 1]! * v[1] + R[3 * r + 2]! * v[2]) as [number, number, number];
}
