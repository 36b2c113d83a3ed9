import type { FaceGeometry, Point2 } from '../../types.ts';
import { LOWER_LID_LEFT, LOWER_LID_RIGHT, UPPER_LID_LEFT, UPPER_LID_RIGHT } from './mesh-indices.ts';

/**
 * The face's own axes in image pixels: u runs from the subject's right eye to the left eye, v is
 * u turned a quarter clockwise (down the face). Regions the mesh does not cover are laid out in
 * these axes, in units of the interpupillary distance, so they follow head roll and face size.
 */
export interface FaceAxes {
  readonly u: Point2;
  readonly v: Point2;
  readonly eyeRight: Point2;
  readonly eyeLeft: Point2;
  /** Distance between the eye centres in image pixels. */
  readonly ipd: number;
}

/** decision: adult mean interpupillary distance, the ruler that turns pixels into millimetres. */
export const IPD_MM = 63;

export function landmark(face: FaceGeometry, index: number): Point2 {
  return { x: face.landmarks[index * 3] ?? 0, y: face.landmarks[index * 3 + 1] ?? 0 };
}

export function landmarkZ(face: FaceGeometry, index: number): number {
  return face.landmarks[index * 3 + 2] ?? 0;
}

export function landmarks(face: FaceGeometry, indices: readonly number[]): Point2[] {
  return indices.map((i) => landmark(face, i));
}

export function centroid(points: readonly Point2[]): Point2 {
  let x = 0;
  let y = 0;
  for (const p of points) {
    x += p.x;
    y += p.y;
  }
  return { x: x / Math.max(1, points.length), y: y / Math.max(1, points.length) };
}

export function faceAxes(face: FaceGeometry): FaceAxes {
  const eyeRight = centroid(landmarks(face, [...UPPER_LID_RIGHT, ...LOWER_LID_RIGHT]));
  const eyeLeft = centroid(landmarks(face, [...UPPER_LID_LEFT, ...LOWER_LID_LEFT]));
  const dx = eyeLeft.x - eyeRight.x;
  const dy = eyeLeft.y - eyeRight.y;
  const ipd = Math.max(1e-6, Math.hypot(dx, dy));
  const u = { x: dx / ipd, y: dy / ipd };
  return { u, v: { x: -u.y, y: u.x }, eyeRight, eyeLeft, ipd };
}

/** p + a*u + b*v, with a and b in interpupillary distances. */
export function offset(axes: FaceAxes, p: Point2, a: number, b: number): Point2 {
  return { x: p.x + (a * axes.u.x + b * axes.v.x) * axes.ipd, y: p.y + (a * axes.u.y + b * axes.v.y) * axes.ipd };
}

/** A quadrilateral corridor of half-width `half` (pixels) around the segment p0-p1. */
export function corridor(p0: Point2, p1: Point2, half0: number, half1 = half0): Point2[] {
  const len = Math.max(1e-6, Math.hypot(p1.x - p0.x, p1.y - p0.y));
  const nx = -(p1.y - p0.y) / len;
  const ny = (p1.x - p0.x) / len;
  return [
    { x: p0.x + nx * half0, y: p0.y + ny * half0 },
    { x: p1.x + nx * half1, y: p1.y + ny * half1 },
    { x: p1.x - nx * half1, y: p1.y - ny * half1 },
    { x: p0.x - nx * half0, y: p0.y - ny * half0 },
  ];
}

/** Moves each point towards (f < 0) or away from (f > 0) a centre by a fraction of its distance. */
export function scaleAbout(points: readonly Point2[], c: Point2, f: number): Point2[] {
  return points.map((p) => ({ x: c.x + (p.x - c.x) * (1 + f), y: c.y + (p.y - c.y) * (1 + f) }));
}
