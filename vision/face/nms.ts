/**
 * Weighted non-maximum suppression, as MediaPipe's face detection graphs use for BlazeFace
 * (NonMaxSuppressionCalculator, overlap type WEIGHTED): candidates overlapping the best remaining
 * one by more than the threshold are merged into it, box and keypoints averaged with their scores
 * as weights. It steadies the box from frame to frame better than keeping only the best anchor.
 */

export interface Candidate {
  readonly score: number;
  /** x0, y0, x1, y1, then keypoint x, y pairs: merged element-wise. */
  readonly coords: Float32Array;
}

export function weightedNms(candidates: readonly Candidate[], iouThreshold: number, maxResults: number): Candidate[] {
  const remaining = [...candidates].sort((a, b) => b.score - a.score);
  const kept: Candidate[] = [];
  while (remaining.length > 0 && kept.length < maxResults) {
    const best = remaining[0]!;
    const cluster: Candidate[] = [];
    const rest: Candidate[] = [];
    for (const c of remaining) (iou(best.coords, c.coords) > iouThreshold ? cluster : rest).push(c);
    const merged = new Float32Array(best.coords.length);
    let total = 0;
    for (const c of cluster) {
      total += c.score;
      for (let i = 0; i < merged.length; i++) merged[i] = merged[i]! + c.coords[i]! * c.score;
    }
    for (let i = 0; i < merged.length; i++) merged[i] = merged[i]! / total;
    kept.push({ score: best.score, coords: merged });
    remaining.length = 0;
    remaining.push(...rest);
  }
  return kept;
}

export function iou(a: Float32Array, b: Float32Array): number {
  const ix = Math.min(a[2]!, b[2]!) - Math.max(a[0]!, b[0]!);
  const iy = Math.min(a[3]!, b[3]!) - Math.max(a[1]!, b[1]!);
  if (ix <= 0 || iy <= 0) return 0;
  const inter = ix * iy;
  const union = (a[2]! - a[0]!) * (a[3]! - a[1]!) + (b[2]! - b[0]!) * (b[3]! - b[1]!) - inter;
  return union > 0 ? inter / union : 0;
}
