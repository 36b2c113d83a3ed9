import type { LightSource } from '../../../protocol/skin-api/api-codes.ts';
import type { Analyser } from '../analyser.ts';
import { confidenceOf, pathsAnnotation, pointsAnnotation, result, round } from '../analyser.ts';
import type { SkinContext } from '../context.ts';
import { sample } from '../image/plane.ts';
import { maskedValues, quantile } from '../image/stats.ts';
import { landmark, landmarks } from '../regions/geometry.ts';
import * as M from '../regions/mesh-indices.ts';
import type { Side } from '../regions/regions.ts';
import type { Point2 } from '../../types.ts';
import { toneScale } from '../measure/tone.ts';

/** decision: shape is read from shading, which cross-polarised light shows without glare. */
const SHAPE_LIGHTS: readonly LightSource[] = ['cross_polar', 'white', 'white_glow', 'parallel_polar'];
const SIDES: readonly Side[] = ['left', 'right'];

/** Mean blurred L* in a disc of `radiusMm` around an image point (coarse level). */
function discL(ctx: SkinContext, light: LightSource, p: Point2, radiusMm: number): number {
  const L = smoothL(ctx, light);
  const c = ctx.toWork(1, p);
  const r = ctx.px(radiusMm, 1);
  let s = 0;
  let n = 0;
  for (let dy = -r; dy <= r; dy += Math.max(1, r / 4)) {
    for (let dx = -r; dx <= r; dx += Math.max(1, r / 4)) {
      if (dx * dx + dy * dy > r * r) continue;
      s += sample(L, c.x + dx - 0.5, c.y + dy - 0.5);
      n++;
    }
  }
  return n ? s / n : Number.NaN;
}

function smoothL(ctx: SkinContext, light: LightSource) {
  const { width, height } = ctx.size(1);
  return ctx.blur(light, 'L', 1, ctx.px(1, 1), { x0: 0, y0: 0, x1: width, y1: height });
}

/**
 * plump_cheeks: hollowness, how much darker the sub-malar hollow (landmark 207/427) is than the
 * cheek apex (50/280) in L*. A full cheek is a smooth convex surface with little shading between
 * the two; a hollow cheek shades under the cheekbone. The better side counts (lighting from one
 * side shades the other).
 */
export const plumpCheeks: Analyser = {
  dimension: 'plump_cheeks',
  lights: SHAPE_LIGHTS,
  analyse(ctx) {
    const light = ctx.pick(SHAPE_LIGHTS);
    const face = ctx.input.face;
    const details: Record<string, number> = {};
    const hollow: number[] = [];
    const points: Point2[] = [];
    for (const side of SIDES) {
      const apex = landmark(face, side === 'left' ? M.POINT.cheekApexLeft : M.POINT.cheekApexRight);
      const low = landmark(face, side === 'left' ? M.POINT.cheekLowLeft : M.POINT.cheekLowRight);
      // In the reference tone's units (measure/tone.ts): the same shading reads smaller on darker skin.
      const h = Math.max(0, discL(ctx, light, apex, 3) - discL(ctx, light, low, 3)) / toneScale(ctx, light);
      details[`hollow_${side}`] = round(h);
      hollow.push(Number.isFinite(h) ? h : 0);
      points.push(apex, low);
    }
    return result('plump_cheeks', {
      measure: Math.min(...hollow),
      confidence: confidenceOf(ctx, ['cheek_left', 'cheek_right'], 1, { preferred: SHAPE_LIGHTS[0], used: light }) * 0.6,
      annotations: pointsAnnotation(points),
      lights: [light],
      details,
    });
  },
};

/**
 * low_cheek: where the cheek's highlight sits between the eye line (0) and the mouth line (1):
 * cheeks that descend carry their brightest part lower. decision: 0.45 (where young faces of the
 * fixtures put it) maps to 0, 0.85 to 100.
 */
export const lowCheek: Analyser = {
  dimension: 'low_cheek',
  lights: SHAPE_LIGHTS,
  analyse(ctx) {
    const light = ctx.pick(SHAPE_LIGHTS);
    const { v, eyeLeft, eyeRight } = ctx.regions.axes;
    const face = ctx.input.face;
    const mouth = landmark(face, 13);
    const eyeMid = { x: (eyeLeft.x + eyeRight.x) / 2, y: (eyeLeft.y + eyeRight.y) / 2 };
    const span = (mouth.x - eyeMid.x) * v.x + (mouth.y - eyeMid.y) * v.y;
    const L = smoothL(ctx, light);
    const details: Record<string, number> = {};
    const positions: number[] = [];
    const highlights: Point2[] = [];
    for (const side of SIDES) {
      const m = ctx.unionMask([`cheek_${side}`, `nasolabial_${side}`], 1);
      const top = quantile(maskedValues(L, m), 0.85);
      let sx = 0;
      let sy = 0;
      let n = 0;
      for (let i = 0; i < m.data.length; i++) {
        if (!m.data[i] || (L.data[i] ?? 0) < top) continue;
        sx += i % L.width;
        sy += Math.floor(i / L.width);
        n++;
      }
      if (!n) continue;
      const h = ctx.toImage(1, sx / n + 0.5, sy / n + 0.5);
      const t = ((h.x - eyeMid.x) * v.x + (h.y - eyeMid.y) * v.y) / Math.max(1e-6, span);
      details[`position_${side}`] = round(t);
      positions.push(t);
      highlights.push(h);
    }
    const t = positions.length ? positions.reduce((a, b) => a + b, 0) / positions.length : 0.35;
    return result('low_cheek', {
      measure: 100 * Math.min(1, Math.max(0, (t - 0.45) / 0.4)),
      confidence: confidenceOf(ctx, ['cheek_left', 'cheek_right'], 1, { preferred: SHAPE_LIGHTS[0], used: light }) * 0.5,
      annotations: pointsAnnotation(highlights),
      lights: [light],
      details,
    });
  },
};

/**
 * How far each jaw profile reaches inside FaceMesh's jaw contour and outside it (mm). decision
 * (D-120): on the evaluation set, the steepest falls of 5 L* per mm or more (51 of 154 profiles;
 * the others had no sharp fall to place) lie 0.75 to 6.25 mm outside the contour (5th to 75th
 * percentile; median 4.25): the shade begins beyond the jaw's edge, outside where the mesh puts
 * the contour. Further out (9-12 mm) they are collars and hair.
 */
const JAW_INSIDE_MM = 3;
const JAW_OUTSIDE_MM = 7;
const JAW_STEP_MM = 0.5;

/**
 * mandible_edge: softness of the jawline. Along a profile across the jaw at each jaw landmark,
 * the steepest fall of L* outwards (per mm, blurred 1 mm), from the lit jaw into the shade under
 * it; 6 L* per mm or more is a crisp edge. Only falls count: a rise outwards is a bright
 * background or collar beside the jaw, not its edge.
 */
export const mandibleEdge: Analyser = {
  dimension: 'mandible_edge',
  lights: SHAPE_LIGHTS,
  analyse(ctx) {
    const light = ctx.pick(SHAPE_LIGHTS);
    const L = smoothL(ctx, light);
    const jaw = [...landmarks(ctx.input.face, M.JAW_RIGHT.slice(1, -1)), ...landmarks(ctx.input.face, M.JAW_LEFT.slice(1, -1))];
    const o = ctx.toWork(1, landmark(ctx.input.face, M.POINT.noseTip));
    const mm = ctx.pxPerMm(1);
    const { width, height } = ctx.size(1);
    const inFrame = (p: Point2): boolean => p.x >= 0 && p.y >= 0 && p.x <= width && p.y <= height;
    const gradients: number[] = [];
    for (const p of jaw) {
      const c = ctx.toWork(1, p);
      const len = Math.hypot(c.x - o.x, c.y - o.y) || 1;
      const nx = (c.x - o.x) / len;
      const ny = (c.y - o.y) / len;
      const at = (t: number): Point2 => ({ x: c.x + nx * t * mm, y: c.y + ny * t * mm });
      const Lat = (t: number): number => {
        const q = at(t);
        return sample(L, q.x - 0.5, q.y - 0.5);
      };
      if (!inFrame(at(-JAW_INSIDE_MM)) || !inFrame(at(JAW_OUTSIDE_MM))) continue;
      // Each step's outer sample is the next step's inner one: the profile is read once.
      let best = 0;
      let inner = Lat(-JAW_INSIDE_MM);
      for (let t = -JAW_INSIDE_MM + JAW_STEP_MM; t <= JAW_OUTSIDE_MM; t += JAW_STEP_MM) {
        const outer = Lat(t);
        best = Math.max(best, (inner - outer) / JAW_STEP_MM);
        inner = outer;
      }
      gradients.push(best);
    }
    const definition = gradients.length ? quantile(Float32Array.from(gradients), 0.5) : 0;
    return result('mandible_edge', {
      measure: 100 * (1 - Math.min(1, definition / 6)),
      confidence: (gradients.length / Math.max(1, jaw.length)) * 0.6,
      annotations: pathsAnnotation([landmarks(ctx.input.face, [...M.JAW_RIGHT, ...[...M.JAW_LEFT].reverse().slice(1)])]),
      lights: [light],
      details: { gradient: round(definition), samples: gradients.length },
    });
  },
};
