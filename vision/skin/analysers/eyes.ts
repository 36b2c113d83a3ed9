import type { LightSource } from '../../../protocol/skin-api/api-codes.ts';
import type { Analyser } from '../analyser.ts';
import { confidenceOf, maskAnnotation, pathsAnnotation, polygonsAnnotation, result, round } from '../analyser.ts';
import type { SkinContext } from '../context.ts';
import { newMask } from '../image/plane.ts';
import { maskedValues, quantile } from '../image/stats.ts';
import type { LineSpec } from '../measure/wrinkles.ts';
import { toneScale } from '../measure/tone.ts';
import { findLines, LINE_LIGHTS } from '../measure/wrinkles.ts';
import { creaseIndex } from '../measure/crease.ts';
import { landmark } from '../regions/geometry.ts';
import * as M from '../regions/mesh-indices.ts';
import type { Side } from '../regions/regions.ts';
import type { Feature } from '../types.ts';

const DARK_LIGHTS: readonly LightSource[] = ['cross_polar', 'white', 'white_glow', 'parallel_polar'];
const SIDES: readonly Side[] = ['left', 'right'];

/** Under-eye colour against the cheek, one side: L* darkness and the a*, b* shifts that type it. */
function underEyeContrast(ctx: SkinContext, light: LightSource, side: Side): { dL: number; da: number; db: number } {
  const lab = ctx.lab(light, 1);
  const eye = ctx.colourMask(light, [`under_eye_${side}`], 1);
  const cheek = ctx.colourMask(light, [`cheek_${side}`], 1);
  const med = (p: typeof lab.L, m: typeof eye): number => quantile(maskedValues(p, m), 0.5);
  // Against the person's own cheek, in the reference tone's units (measure/tone.ts), so the same
  // face lighter or darker keeps its grade.
  const k = toneScale(ctx, light);
  return { dL: (med(lab.L, cheek) - med(lab.L, eye)) / k, da: (med(lab.a, eye) - med(lab.a, cheek)) / k, db: (med(lab.b, eye) - med(lab.b, cheek)) / k };
}

/**
 * black_rim_of_eye: how much darker (L*) the under-eye is than the cheek below it, the worse side.
 * decision: the type follows the colour shift: browner (b* up) is pigment, bluish or redder
 * (b* down, a* up) is vascular ("Artery"), a darkening without colour shift is shadow.
 */
export const blackRimOfEye: Analyser = {
  dimension: 'black_rim_of_eye',
  lights: DARK_LIGHTS,
  analyse(ctx) {
    const light = ctx.pick(DARK_LIGHTS);
    const details: Record<string, number> = {};
    const dark: number[] = [];
    const masks = newMask(ctx.size(1).width, ctx.size(1).height);
    for (const side of SIDES) {
      const c = underEyeContrast(ctx, light, side);
      const dL = Number.isFinite(c.dL) ? Math.max(0, c.dL) : 0;
      const pigment = dL * Math.min(1, Math.max(0, c.db / 4));
      const artery = dL * Math.min(1, Math.max(0, Math.max(-c.db, c.da) / 4));
      const shadow = Math.max(0, dL - Math.max(pigment, artery));
      Object.assign(details, { [`dL_${side}`]: round(dL), [`da_${side}`]: round(c.da), [`db_${side}`]: round(c.db), [`pigment_${side}`]: round(pigment), [`artery_${side}`]: round(artery), [`shadow_${side}`]: round(shadow) });
      dark.push(dL);
      const m = ctx.regionMask(`under_eye_${side}`, 1);
      for (let i = 0; i < m.data.length; i++) if (m.data[i]) masks.data[i] = 1;
    }
    const polygons = SIDES.map((s) => ctx.regions.regions[`under_eye_${s}`]);
    const features: Feature[] = SIDES.map((s, k) => ({ kind: 'area', polygon: polygons[k] ?? [], areaMm2: 0, strength: round(dark[k] ?? 0), region: `under_eye_${s}` }));
    return result('black_rim_of_eye', {
      measure: Math.max(...dark),
      confidence: confidenceOf(ctx, ['under_eye_left', 'under_eye_right', 'cheek_left', 'cheek_right'], 1, { preferred: DARK_LIGHTS[0], used: light }),
      findings: dark.filter((d) => d >= 4).length,
      annotations: [...polygonsAnnotation(polygons), ...maskAnnotation(ctx, masks, 1)],
      lights: [light],
      details,
      features,
    });
  },
};

/** Eye-bag crease: a near-horizontal valley 1 to 2 mm wide in the under-eye band, coarse level. */
const BAG_SPEC: LineSpec = { key: 'bags', level: 1, sigmasMm: [1, 2], minLengthMm: 5, direction: () => ({ centre: 0, tolerance: (35 * Math.PI) / 180 }), high: 1.2, low: 0.6, lights: LINE_LIGHTS, keepOff: 'skin' };

/** eye_bags: the lower crease of a bag, its crease profile (length in mm times depth), the worse side. */
export const eyeBags: Analyser = {
  dimension: 'eye_bags',
  lights: LINE_LIGHTS,
  analyse(ctx) {
    const f = findLines(ctx, BAG_SPEC, ['under_eye_left', 'under_eye_right']);
    // The measure is the crease profile (measure/crease.ts, D-062); the traced lines are what the annotations draw.
    const bySide = SIDES.map((s) => creaseIndex(ctx, BAG_SPEC, `under_eye_${s}`));
    const paths = f.lines.map((l) => l.points.map((p) => ctx.toImage(1, p.x, p.y)));
    return result('eye_bags', {
      measure: Math.max(...bySide),
      confidence: confidenceOf(ctx, ['under_eye_left', 'under_eye_right'], 1, { preferred: LINE_LIGHTS[0], used: f.light }) * 0.8,
      findings: f.lines.length,
      annotations: pathsAnnotation(paths),
      lights: [f.light],
      details: { index_left: round(bySide[0] ?? 0), index_right: round(bySide[1] ?? 0) },
      features: f.lines.map((l, k) => ({ kind: 'line', points: paths[k] ?? [], lengthMm: round(l.lengthMm, 2), strength: round(l.depth, 3), region: l.region })),
    });
  },
};

/**
 * eye_sagging: droop of the outer eye corner. decision: a canthal tilt of +4 degrees (outer corner
 * above the inner) is the youthful reference; each degree below it counts, plus up to 3 degrees
 * for a hooded (narrow) lid aperture. Geometry from the landmarks only, so yaw lowers confidence.
 */
export const eyeSagging: Analyser = {
  dimension: 'eye_sagging',
  lights: ['white'],
  analyse(ctx) {
    const { u, v } = ctx.regions.axes;
    const face = ctx.input.face;
    const details: Record<string, number> = {};
    const droops: number[] = [];
    for (const side of SIDES) {
      const right = side === 'right';
      const outer = landmark(face, right ? M.POINT.outerCanthusRight : M.POINT.outerCanthusLeft);
      const inner = landmark(face, right ? M.POINT.innerCanthusRight : M.POINT.innerCanthusLeft);
      const dx = Math.abs((outer.x - inner.x) * u.x + (outer.y - inner.y) * u.y);
      const up = -((outer.x - inner.x) * v.x + (outer.y - inner.y) * v.y);
      const tilt = (Math.atan2(up, dx) * 180) / Math.PI;
      const top = landmark(face, right ? 159 : 386);
      const bottom = landmark(face, right ? 145 : 374);
      const aperture = Math.hypot(top.x - bottom.x, top.y - bottom.y) / Math.max(1e-6, Math.hypot(outer.x - inner.x, outer.y - inner.y));
      const hood = 3 * Math.min(1, Math.max(0, (0.25 - aperture) / 0.1));
      const droop = Math.max(0, 4 - tilt) + hood;
      Object.assign(details, { [`tilt_${side}`]: round(tilt, 2), [`aperture_${side}`]: round(aperture), [`droop_${side}`]: round(droop, 2) });
      droops.push(droop);
    }
    const yaw = Math.abs(face.pose.yaw);
    const paths = SIDES.map((s) => [landmark(face, s === 'right' ? 133 : 362), landmark(face, s === 'right' ? 33 : 263)]);
    return result('eye_sagging', {
      measure: droops.reduce((a, b) => a + b, 0) / droops.length,
      confidence: 0.6 * Math.max(0.3, Math.cos((yaw * Math.PI) / 180)),
      annotations: pathsAnnotation(paths),
      lights: [ctx.reference],
      details,
    });
  },
};
