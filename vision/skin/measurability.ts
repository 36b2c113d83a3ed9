import type { DimensionId } from '../../protocol/enums/dimensions.ts';
import type { RegionId } from './regions/regions.ts';
import { regionPixels } from './analyser.ts';
import type { SkinContext } from './context.ts';
import { measureResolution, type Resolution } from './measure/resolution.ts';
import { NEEDS } from './needs.ts';
import type { NotMeasuredDimension } from './types.ts';

/**
 * Why this view cannot measure a dimension (needs.ts), or null when it can: the lights first (a
 * property of the device, which no retake changes), then the effective resolution (the commonest
 * reason; which of its causes, `detailShortfall`), then the head's turn, then how much
 * of the dimension's skin is visible.
 */
export function notMeasurable(ctx: SkinContext, dimension: DimensionId): NotMeasuredDimension | null {
  const needs = NEEDS[dimension];
  if (!needs) return null;
  if (needs.lights && !needs.lights.some((set) => set.every((light) => ctx.has(light)))) {
    return { dimension, reason: 'light', detail: `needs ${needs.lights.map((set) => set.join(' + ')).join(' or ')}; the view has ${ctx.lights.join(', ')}` };
  }
  const res = measureResolution(ctx);
  if (res.effective < needs.minPxPerMm) {
    const upscaled = soft(res) ? ` (${fmt(res.nominal)} px/mm nominal, but edges ${fmt(res.edgeSpreadPx)} px wide: upscaled or soft)` : '';
    const reason = detailShortfall(ctx, res, needs.minPxPerMm);
    const posed = reason === 'pose' ? `; the head's turn or tilt leaves the working frame ${fmt(res.nominal)} px/mm, upright ${fmt(ctx.uprightFrameLimitPxPerMm)}` : '';
    return { dimension, reason, detail: `${fmt(res.effective)} px/mm of detail on the face${upscaled}, needs ${needs.minPxPerMm}${posed}` };
  }
  const yaw = Math.abs(ctx.input.face.pose.yaw);
  if (yaw > needs.maxYawDegrees) return { dimension, reason: 'pose', detail: `head turned ${Math.round(yaw)} degrees, at most ${needs.maxYawDegrees} for this dimension` };
  if (needs.regions.length === 0) return null;
  const shares = needs.regions.map((id) => visibleShare(ctx, id));
  const seen = needs.of === 'all' ? Math.min(...shares) : Math.max(...shares);
  if (seen < needs.visible) {
    // 'all': the least visible region stops it; 'any': even the best-seen one is not enough.
    const region = needs.regions[shares.indexOf(seen)];
    const which = needs.of === 'all' ? `the ${label(region)}` : `the best-seen of ${needs.regions.map(label).join(', ')} (${label(region)})`;
    return { dimension, reason: 'hidden', detail: `${Math.round(seen * 100)} % of ${which} is visible skin, needs ${Math.round(needs.visible * 100)} %` };
  }
  return null;
}

/**
 * Which cause keeps the detail under a dimension's need (D-126), so that the customer is told
 * the remedy that works:
 * - `analysis_resolution`: beyond what the working frame holds of an upright frontal face at its
 *   full width (FACE_WIDTH_PX): no capture changes it;
 * - `pose`: within that, but with the face filling the frame the head's turn or tilt widens it
 *   there below the need: facing the camera, head level, fixes it;
 * - `sharpness`: the face has the pixels and its edges are clearly soft (focus, movement, an
 *   enlarged photo): coming closer does not help;
 * - otherwise `resolution`: too few pixels on the face; coming closer or a sharper, higher-
 *   resolution camera fixes it.
 */
function detailShortfall(ctx: SkinContext, res: Resolution, need: number): 'analysis_resolution' | 'pose' | 'sharpness' | 'resolution' {
  if (ctx.uprightFrameLimitPxPerMm < need) return 'analysis_resolution';
  // Only once the face fills the frame (the frame shrank it; its nominal figure is then the
  // frame's limit for the face as posed): a face too far away is told to come closer first.
  if (ctx.frame.scale < 1 && res.nominal < need) return 'pose';
  return res.nominal >= need && soft(res) ? 'sharpness' : 'resolution';
}

/** decision: edges that keep less than 0.8 of the nominal resolution read as upscaled or soft. */
function soft(res: Resolution): boolean {
  return res.effective < res.nominal * 0.8;
}

/** Share of a region's polygon that the skin mask keeps (coarse level). */
function visibleShare(ctx: SkinContext, id: RegionId): number {
  if (id === 'neck') return ctx.neckVisibility;
  const area = regionPixels(ctx, id, 1);
  return area > 0 ? Math.min(1, ctx.count(id, 1) / area) : 0;
}

function label(id: RegionId | undefined): string {
  return (id ?? 'region').replace(/_/g, ' ');
}

function fmt(v: number): string {
  return v.toFixed(1);
}
