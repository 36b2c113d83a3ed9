// Landmark moves of about the size of a re-detection's on a copy of the same pixels (a pixel or
// two, a few tenths of a percent of scale), to read what the analysis does when only the
// landmarks move: bench/vision-real/spot-dump.ts --jitter and test/unit/vision-skin/spot-landmark-jitter.test.ts.
import type { FaceGeometry } from '../../vision/types.ts';

export interface LandmarkMove {
  /** Source pixels. */
  readonly dx: number;
  readonly dy: number;
  /** Scale about the landmarks' centroid. */
  readonly k: number;
}

/** Landmark moves of about the size of a re-detection's: shifts (source px) and scalings about the face's centre. */
export const JITTERS: readonly [string, LandmarkMove][] = [
  ['shift 0.5 px x', { dx: 0.5, dy: 0, k: 1 }],
  ['shift 1 px x', { dx: 1, dy: 0, k: 1 }],
  ['shift 1 px y', { dx: 0, dy: 1, k: 1 }],
  ['shift 1.5 px xy', { dx: 1.5, dy: 1.5, k: 1 }],
  ['scale +0.2 %', { dx: 0, dy: 0, k: 1.002 }],
  ['scale -0.2 %', { dx: 0, dy: 0, k: 0.998 }],
];

export function moved(face: FaceGeometry, m: LandmarkMove): FaceGeometry {
  const lm = face.landmarks;
  let cx = 0;
  let cy = 0;
  for (let i = 0; i + 1 < lm.length; i += 3) {
    cx += lm[i] as number;
    cy += lm[i + 1] as number;
  }
  cx /= lm.length / 3;
  cy /= lm.length / 3;
  const out = Float32Array.from(lm);
  for (let i = 0; i + 1 < lm.length; i += 3) {
    out[i] = cx + ((lm[i] as number) - cx) * m.k + m.dx;
    out[i + 1] = cy + ((lm[i + 1] as number) - cy) * m.k + m.dy;
    out[i + 2] = (lm[i + 2] as number) * m.k;
  }
  const b = face.box;
  return { ...face, landmarks: out, box: { ...b, left: cx + (b.left - cx) * m.k + m.dx, top: cy + (b.top - cy) * m.k + m.dy, width: b.width * m.k, height: b.height * m.k } };
}
