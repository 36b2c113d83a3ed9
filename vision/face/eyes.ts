/**
 * Eye state from the eye aspect ratio (EAR, Soukupova and Cech 2016) of the eyelid points (Iris
 * or FaceMesh), measured in 3-D so that turning the head (which shortens the eye's width on
 * screen) does not read as opening it. Thresholds: docs/vision-face.md, "Eyes".
 */
import { IRIS_EAR_POINTS } from './iris.ts';
import type { IrisResult } from './iris.ts';
import { EAR_POINTS } from './landmark-indices.ts';

export interface EyeState {
  /** Eye aspect ratio: lid gap over eye width (open eyes about 0.3 to 0.4). */
  readonly aspectRatio: number;
  /** Probability-like openness 0..1 from the aspect ratio. */
  readonly open: number;
  /** Which eyelid points gave the ratio: the Iris model's (finer) or FaceMesh's. */
  readonly source: 'iris' | 'mesh';
}

export interface EyesState {
  /** The subject's left eye (image right in an unmirrored photo). */
  readonly left: EyeState;
  readonly right: EyeState;
}

/**
 * EAR at or below which an eye counts as closed (open = 0) and at or above which as open (open =
 * 1), per source. Measured on the single-face fixtures: open eyes read 0.29 to 0.38 from FaceMesh
 * and 0.31 to 0.43 from Iris; eyes painted shut read 0.21 to 0.25 from FaceMesh (it barely closes
 * its lids) but 0.10 to 0.21 from Iris. Hence Iris for still images, FaceMesh only where its
 * cost matters (live preview).
 */
export const EAR_RANGE: Readonly<Record<EyeState['source'], readonly [number, number]>> = {
  mesh: [0.18, 0.27],
  iris: [0.15, 0.28],
};

/** Eye state from Iris points when given, else from the FaceMesh landmarks. */
export function eyeStates(landmarks: Float32Array, iris?: IrisResult): EyesState {
  if (iris) return { left: eyeState(iris.left.points, IRIS_EAR_POINTS, 'iris'), right: eyeState(iris.right.points, IRIS_EAR_POINTS, 'iris') };
  return { left: eyeState(landmarks, EAR_POINTS.left, 'mesh'), right: eyeState(landmarks, EAR_POINTS.right, 'mesh') };
}

function eyeState(landmarks: Float32Array, [p1, p2, p3, p4, p5, p6]: readonly number[], source: EyeState['source']): EyeState {
  const d = (i: number | undefined, j: number | undefined): number => {
    const a = 3 * (i ?? 0);
    const b = 3 * (j ?? 0);
    return Math.hypot(landmarks[a]! - landmarks[b]!, landmarks[a + 1]! - landmarks[b + 1]!, landmarks[a + 2]! - landmarks[b + 2]!);
  };
  const width = d(p1, p4);
  const aspectRatio = width > 0 ? (d(p2, p6) + d(p3, p5)) / (2 * width) : 0;
  const [closed, open] = EAR_RANGE[source];
  return { aspectRatio, open: smoothstep(closed, open, aspectRatio), source };
}

export function smoothstep(edge0: number, edge1: number, x: number): number {
  const t = Math.min(1, Math.max(0, (x - edge0) / (edge1 - edge0)));
  return t * t * (3 - 2 * t);
}
