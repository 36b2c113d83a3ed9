import type { DimensionId } from '../../protocol/enums/dimensions.ts';
import { isMeasured, round } from './analyser.ts';
import type { SkinContext } from './context.ts';
import type { ColourCast } from './measure/colour-cast.ts';
import { CAST_THRESHOLD, colourCast } from './measure/colour-cast.ts';
import type { Expression } from './measure/expression.ts';
import { faceExpression } from './measure/expression.ts';
import { makeupCover } from './measure/makeup-mask.ts';
import type { MakeupFindings } from './measure/makeup.ts';
import { detectMakeup, MAKEUP_PRESENT } from './measure/makeup.ts';
import { maskCount } from './image/plane.ts';
import { NEEDS } from './needs.ts';
import type { RegionId } from './regions/regions.ts';
import type { DimensionAnalysis, NotMeasuredDimension } from './types.ts';

/**
 * What in the capture itself confounds the measures (issue 12 part 4, D-033): make-up, the
 * light's colour and the face's expression (D-068). Reported per view (ViewSkinAnalysis.conditions) and applied to the dimensions
 * they affect: a caveat with lowered confidence, or "not measured" when make-up covers most of
 * what a dimension looks at.
 */
export interface ViewConditions {
  readonly makeup: {
    readonly eyes: boolean;
    readonly lips: boolean;
    readonly foundation: boolean;
    /** The strengths and the figures behind them (measure/makeup.ts). */
    readonly details: MakeupFindings;
  };
  readonly colourCast: ColourCast;
  readonly expression: Expression;
}

export function viewConditions(ctx: SkinContext): ViewConditions {
  const m = detectMakeup(ctx);
  return {
    makeup: { eyes: m.eyes.strength >= MAKEUP_PRESENT, lips: m.lips.strength >= MAKEUP_PRESENT, foundation: m.foundation.strength >= MAKEUP_PRESENT, details: m },
    colourCast: colourCast(ctx),
    expression: faceExpression(ctx),
  };
}

/** Line dimensions read around the eyes, with the regions eye make-up can cover. */
const EYE_LINE_REGIONS: Readonly<Partial<Record<DimensionId, readonly RegionId[]>>> = {
  crows_feet: ['crows_feet_left', 'crows_feet_right'],
  under_eye_wrinkle: ['under_eye_left', 'under_eye_right'],
  eye_bags: ['under_eye_left', 'under_eye_right'],
};

/** decision: the folds and creases a smile or an open mouth deepens (D-068). */
const EXPRESSION_DIMENSIONS: readonly DimensionId[] = ['nasolabial_folds', 'narionette_lines', 'lacrimal_groove', 'eye_bags', 'crows_feet', 'under_eye_wrinkle'];
/** decision: an expression this strong is worth a caveat; at full strength confidence falls to 0.4. */
const EXPRESSION_CAVEAT = 0.25;

/** decision: the colour dimensions a cast shifts (they read a*, b* or compare colours). */
const COLOUR_DIMENSIONS: readonly DimensionId[] = ['sensitive', 'black_rim_of_eye', 'speckle', 'acne', 'skin_glow'];

/** decision: make-up over this share of every region of a dimension leaves nothing to measure. */
const MAKEUP_HIDES = 0.5;
/** decision: make-up over this share of a region is worth a caveat (a thin liner edge is not). */
const MAKEUP_CAVEAT = 0.05;

/** A dimension's result with the confounders of this view applied. */
export function withConfounders(ctx: SkinContext, r: DimensionAnalysis | NotMeasuredDimension): DimensionAnalysis | NotMeasuredDimension {
  if (!isMeasured(r)) return r;
  let out = r;
  const eyeRegions = EYE_LINE_REGIONS[r.dimension];
  if (eyeRegions && detectMakeup(ctx).eyes.strength >= MAKEUP_PRESENT) {
    const cover = eyeRegions.map((id) => makeupCover(ctx, id));
    const least = Math.min(...cover);
    if (least >= MAKEUP_HIDES) {
      return { dimension: r.dimension, reason: 'makeup', detail: `eye make-up covers ${Math.round(least * 100)} % of the ${eyeRegions.map((id) => id.replace(/_/g, ' ')).join(' and ')} at least, ${Math.round(MAKEUP_HIDES * 100)} % hides the skin` };
    }
    const most = Math.max(...cover);
    // The lines along the make-up were dropped (wrinkles.ts); what remains is read round it, on
    // less skin and next to a strong edge: less sure in proportion to the skin covered.
    if (most >= MAKEUP_CAVEAT) out = caveat(out, 'makeup', Math.max(0.4, 1 - most));
  }
  if (COLOUR_DIMENSIONS.includes(r.dimension)) {
    const clipped = clippedShare(ctx, r);
    if (clipped >= EXPOSURE_HIDES) return { dimension: r.dimension, reason: 'exposure', detail: `${Math.round(clipped * 100)} % of the skin it reads is overexposed (clipped, or a washed-out highlight), ${Math.round(EXPOSURE_HIDES * 100)} % leaves too little to measure` };
    if (clipped >= EXPOSURE_CAVEAT) out = caveat(out, 'exposure', 1 - clipped);
  }
  const expression = faceExpression(ctx).strength;
  // The fold is real, but it is the smile's: the static skin may hold less (the kiosk asks for a neutral face).
  if (EXPRESSION_DIMENSIONS.includes(r.dimension) && expression >= EXPRESSION_CAVEAT) out = caveat(out, 'expression', 1 - 0.6 * expression);
  const cast = colourCast(ctx);
  if (COLOUR_DIMENSIONS.includes(r.dimension) && cast.hue !== 'none') {
    // decision: confidence falls by 2.5 % per ΔE of cast, to half at 20 and beyond.
    out = caveat(out, 'colour_cast', Math.max(0.5, 1 - 0.025 * Math.max(cast.strength, CAST_THRESHOLD)));
  }
  return out;
}

/** decision: with half the skin clipped the colour read is the other half's, not the face's; a tenth is worth a caveat. */
const EXPOSURE_HIDES = 0.5;
const EXPOSURE_CAVEAT = 0.1;

/** Share of the dimension's regions whose colour was clipped or washed out by a highlight on the light it was read on (context.ts unclipped). */
function clippedShare(ctx: SkinContext, r: DimensionAnalysis): number {
  const regions = NEEDS[r.dimension]?.regions ?? [];
  const light = r.lights[0] ?? ctx.reference;
  if (regions.length === 0) return 0;
  const all = maskCount(ctx.unionMask(regions, 1));
  return all > 0 ? 1 - maskCount(ctx.colourMask(light, regions, 1)) / all : 0;
}

function caveat(r: DimensionAnalysis, limit: 'makeup' | 'exposure' | 'colour_cast' | 'expression', factor: number): DimensionAnalysis {
  if (r.caveats.includes(limit)) return r;
  return { ...r, confidence: round(r.confidence * factor), caveats: [...r.caveats, limit] };
}
