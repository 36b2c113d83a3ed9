// What the accuracy benchmark paints and which analyser must find it (docs/vision-skin.md,
// "Benchmark"). Counts and strengths are per fixture; every scene is seeded.
import type { DimensionId } from '../../protocol/enums/dimensions.ts';
import type { PaintKind } from '../../test/unit/vision-skin/helpers/paint.ts';

export interface LocateCase {
  readonly name: string;
  readonly kind: PaintKind;
  readonly dimension: DimensionId;
  readonly count: number;
  readonly strength: number;
  /** Finding types that count (spot features), all when absent. */
  readonly types?: readonly string[];
  /** Traced lines rather than points. */
  readonly lines?: boolean;
  /** Minimum recall the benchmark insists on (the bar for spots, pores and papules). */
  readonly minRecall?: number;
}

export const LOCATE_CASES: readonly LocateCase[] = [
  { name: 'brown spots', kind: 'spot', dimension: 'speckle', count: 12, strength: 0.6, minRecall: 0.8 },
  { name: 'dark pores', kind: 'pore', dimension: 'pore', count: 80, strength: 0.6, types: ['pore'], minRecall: 0.8 },
  { name: 'blackheads', kind: 'blackhead', dimension: 'blackhead', count: 10, strength: 0.8, types: ['blackhead'] },
  { name: 'red papules', kind: 'papule', dimension: 'acne', count: 12, strength: 0.6, types: ['papule', 'pimple', 'cyst', 'pink'], minRecall: 0.8 },
  { name: 'redness patches', kind: 'redness', dimension: 'sensitive', count: 2, strength: 0.8 },
  { name: 'specular shine', kind: 'shine', dimension: 'oil', count: 3, strength: 0.8 },
  { name: 'forehead lines', kind: 'line', dimension: 'forehead_wrinkle', count: 3, strength: 0.6, lines: true },
  { name: "crow's feet lines", kind: 'crows_line', dimension: 'crows_feet', count: 4, strength: 0.6, lines: true },
];

export interface LadderCase {
  readonly kind: PaintKind;
  readonly dimension: DimensionId;
  /** Items painted at strength s (0..1). */
  readonly count: (s: number) => number;
  /** Fixture to paint on, when not the default (sample6's crow's feet area is under her hair). */
  readonly file?: string;
}

/** Strength ladders: the level must never fall as s rises, and must end higher than it began. */
export const LADDER_CASES: readonly LadderCase[] = [
  { kind: 'spot', dimension: 'speckle', count: (s) => Math.round(30 * s) },
  { kind: 'pore', dimension: 'pore', count: (s) => Math.round(1000 * s) },
  { kind: 'blackhead', dimension: 'blackhead', count: (s) => Math.round(40 * s) },
  { kind: 'papule', dimension: 'acne', count: (s) => Math.round(40 * s) },
  { kind: 'redness', dimension: 'sensitive', count: (s) => Math.round(4 * s) },
  { kind: 'shine', dimension: 'oil', count: (s) => Math.round(8 * s) },
  { kind: 'dark_circle', dimension: 'black_rim_of_eye', count: () => 1 },
  { kind: 'line', dimension: 'forehead_wrinkle', count: (s) => Math.round(5 * s) },
  { kind: 'crows_line', dimension: 'crows_feet', count: (s) => Math.round(8 * s), file: 'astronaut-frontal.jpg' },
];

export const LADDER_STRENGTHS = [0, 0.25, 0.5, 0.75, 1] as const;
