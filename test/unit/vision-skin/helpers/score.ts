// Scores located findings against painted ground truth: a painted item is found when a finding
// lies within `tolerance` pixels of it (each finding matches one item at most). Findings that were
// already there before painting (the photo's own spots and pores) are set aside, so precision
// counts only what painting should have caused.
import type { Feature } from '../../../../vision/skin/types.ts';
import type { Point2 } from '../../../../vision/types.ts';
import type { Painted } from './paint.ts';
import { distanceToPath } from './paint.ts';

export interface Score {
  readonly painted: number;
  readonly found: number;
  readonly matched: number;
  /** Findings that match neither a painted item nor a finding of the unpainted photo. */
  readonly falsePositives: number;
  readonly recall: number;
  readonly precision: number;
}

export function featurePoints(features: readonly Feature[], types?: readonly string[]): Point2[] {
  return features.flatMap((f) => (f.kind === 'spot' && (!types || types.includes(f.type)) ? [f.at] : f.kind === 'area' && !types ? [centre(f.polygon)] : []));
}

function centre(poly: readonly Point2[]): Point2 {
  return { x: poly.reduce((s, p) => s + p.x, 0) / Math.max(1, poly.length), y: poly.reduce((s, p) => s + p.y, 0) / Math.max(1, poly.length) };
}

export function scorePoints(painted: readonly Painted[], found: readonly Point2[], baseline: readonly Point2[], tolerance: (p: Painted) => number): Score {
  const used = new Set<number>();
  let matched = 0;
  for (const p of painted) {
    let best = -1;
    let bestD = Infinity;
    found.forEach((f, k) => {
      const d = Math.hypot(f.x - p.at.x, f.y - p.at.y);
      if (!used.has(k) && d <= tolerance(p) && d < bestD) {
        best = k;
        bestD = d;
      }
    });
    if (best >= 0) {
      used.add(best);
      matched++;
    }
  }
  const tol0 = painted.length ? Math.min(...painted.map(tolerance)) : 3;
  const falsePositives = found.filter((f, k) => !used.has(k) && !baseline.some((b) => Math.hypot(b.x - f.x, b.y - f.y) <= tol0)).length;
  return summarise(painted.length, found.length, matched, falsePositives);
}

/** Lines: a painted line is found when half its length lies within `tolerance` of one detected line. */
export function scoreLines(painted: readonly Painted[], found: readonly (readonly Point2[])[], baseline: readonly (readonly Point2[])[], tolerance: number): Score & { readonly lengthRatio: number } {
  const used = new Set<number>();
  let matched = 0;
  let lengthFound = 0;
  let lengthPainted = 0;
  for (const p of painted) {
    const path = p.path ?? [];
    const samples = resample(path, 24);
    // A wrinkle may be traced in pieces: every detected line near the painted one counts.
    const near = found.map((line, k) => ({ k, n: samples.filter((s) => line.length > 1 && distanceToPath(s, line) <= tolerance).length })).filter((c) => c.n > 0);
    const covered = samples.filter((s) => near.some((c) => { const line = found[c.k] ?? []; return distanceToPath(s, line) <= tolerance; })).length;
    if (covered >= 0.5 * samples.length) {
      matched++;
      lengthPainted += p.length ?? 0;
      for (const c of near) {
        if (used.has(c.k)) continue;
        used.add(c.k);
        lengthFound += polylineLength(found[c.k] ?? []);
      }
    }
  }
  const falsePositives = found.filter((line, k) => !used.has(k) && !baseline.some((b) => resample(line, 8).filter((s) => b.length > 1 && distanceToPath(s, b) <= tolerance).length >= 4)).length;
  return { ...summarise(painted.length, found.length, matched, falsePositives), lengthRatio: lengthPainted ? lengthFound / lengthPainted : 0 };
}

function summarise(painted: number, found: number, matched: number, falsePositives: number): Score {
  return { painted, found, matched, falsePositives, recall: painted ? matched / painted : 1, precision: matched + falsePositives ? matched / (matched + falsePositives) : 1 };
}

export function polylineLength(path: readonly Point2[]): number {
  let s = 0;
  for (let i = 1; i < path.length; i++) s += Math.hypot((path[i]?.x ?? 0) - (path[i - 1]?.x ?? 0), (path[i]?.y ?? 0) - (path[i - 1]?.y ?? 0));
  return s;
}

function resample(path: readonly Point2[], n: number): Point2[] {
  const total = polylineLength(path);
  if (path.length < 2 || total === 0) return [...path];
  const out: Point2[] = [];
  for (let k = 0; k < n; k++) {
    let target = (k / (n - 1)) * total;
    for (let i = 1; i < path.length; i++) {
      const a = path[i - 1] as Point2;
      const b = path[i] as Point2;
      const seg = Math.hypot(b.x - a.x, b.y - a.y);
      if (target <= seg || i === path.length - 1) {
        const t = seg ? Math.min(1, target / seg) : 0;
        out.push({ x: a.x + (b.x - a.x) * t, y: a.y + (b.y - a.y) * t });
        break;
      }
      target -= seg;
    }
  }
  return out;
}
