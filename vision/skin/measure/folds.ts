import type { SkinContext } from '../context.ts';
import type { RegionId } from '../regions/regions.ts';
import type { LineFindings, LineSpec } from './wrinkles.ts';
import { findLines, LINE_LIGHTS } from './wrinkles.ts';

export type FoldKind = 'nasolabial' | 'marionette' | 'tear_trough';

export const FOLD_REGIONS: Readonly<Record<FoldKind, readonly [RegionId, RegionId]>> = {
  nasolabial: ['nasolabial_left', 'nasolabial_right'],
  marionette: ['mouth_corner_left', 'mouth_corner_right'],
  tear_trough: ['tear_trough_left', 'tear_trough_right'],
};

/**
 * decision: folds are broad valleys, measured at the coarse level with sigmas of 1 and 2 mm (the
 * same blurs the skin mask, sheen and contour measures use, so they cost nothing extra).
 */
const FOLD_SIGMAS_MM: Readonly<Record<FoldKind, readonly number[]>> = {
  nasolabial: [1, 2],
  marionette: [1, 2],
  tear_trough: [1, 2],
};

/**
 * Folds (nasolabial, marionette, tear trough): valleys inside a corridor laid along the fold's
 * expected course (regions.ts), running within 35 degrees of the corridor's axis. Their length and
 * depth give the fold index; the corridor's own direction follows the face, so a turned or tilted
 * head does not hide the fold.
 */
export function findFolds(ctx: SkinContext, kind: FoldKind): LineFindings {
  return findLines(ctx, foldSpec(ctx, kind), FOLD_REGIONS[kind]);
}

/** How a fold is looked for: along its corridor's own axis (regions.ts), at the fold sigmas. */
export function foldSpec(ctx: SkinContext, kind: FoldKind): LineSpec {
  const axes = ctx.regions.axes;
  const roll = Math.atan2(axes.u.y, axes.u.x);
  const direction = (region: RegionId): { centre: number; tolerance: number } => {
    const [a, b, c, d] = ctx.regions.regions[region];
    if (!a || !b || !c || !d) return { centre: Math.PI / 2, tolerance: Math.PI / 2 };
    const from = { x: (a.x + d.x) / 2, y: (a.y + d.y) / 2 };
    const to = { x: (b.x + c.x) / 2, y: (b.y + c.y) / 2 };
    return { centre: Math.atan2(to.y - from.y, to.x - from.x) - roll, tolerance: (35 * Math.PI) / 180 };
  };
  return { key: `fold-${kind}`, level: 1, sigmasMm: FOLD_SIGMAS_MM[kind], minLengthMm: kind === 'tear_trough' ? 4 : 6, direction, high: 1.4, low: 0.7, lights: LINE_LIGHTS, keepOff: 'skin' };
}
