import type { Analyser } from '../analyser.ts';
import { areaCm2, confidenceOf, maskAnnotation, polygonsAnnotation, result, round, spotAnnotations, spotFeature } from '../analyser.ts';
import type { Feature } from '../types.ts';
import { findPapules, PAPULE_LIGHTS } from '../measure/papules.ts';
import { findPores, PORE_LIGHTS } from '../measure/pores.ts';
import { findRedness, REDNESS_REGIONS } from '../measure/redness.ts';
import { FACE_SKIN, PORE_REGIONS, T_ZONE } from '../measure/regions.ts';
import { findSpots, SPOT_LIGHTS } from '../measure/spots.ts';

/** pore: visible pores per cm2 of forehead, nose, cheeks and chin. */
export const pore: Analyser = {
  dimension: 'pore',
  lights: PORE_LIGHTS,
  analyse(ctx) {
    const f = findPores(ctx);
    const features: Feature[] = f.pores.map((p) => spotFeature(ctx, 0, 'pore', p.x, p.y, p.radiusMm, p.depth, p.region));
    const details: Record<string, number> = { count: f.pores.length, areaCm2: round(f.areaCm2), meanRadiusMm: round(f.pores.reduce((s, p) => s + p.radiusMm, 0) / Math.max(1, f.pores.length)) };
    for (const id of PORE_REGIONS) {
      const n = f.pores.filter((p) => p.region === id).length;
      details[`count_${id}`] = n;
      details[`density_${id}`] = round(n / Math.max(1e-6, f.regionAreaCm2[id] ?? 0));
    }
    return result('pore', {
      measure: f.pores.length / Math.max(1e-6, f.areaCm2),
      confidence: confidenceOf(ctx, PORE_REGIONS, 0, { preferred: PORE_LIGHTS[0], used: f.light, featureMm: 0.3 }),
      findings: f.pores.length,
      annotations: spotAnnotations(features),
      lights: [f.light],
      details,
      features,
    });
  },
};

/** blackhead: blackheads per 10 cm2 of T-zone (they gather on the nose and chin). */
export const blackhead: Analyser = {
  dimension: 'blackhead',
  lights: PORE_LIGHTS,
  analyse(ctx) {
    const f = findPores(ctx);
    const tzone = T_ZONE.reduce((s, id) => s + (f.regionAreaCm2[id] ?? 0), 0);
    const inT = f.blackheads.filter((b) => b.region !== null && T_ZONE.includes(b.region)).length;
    const features = f.blackheads.map((b) => spotFeature(ctx, 0, 'blackhead', b.x, b.y, b.radiusMm, b.depth, b.region));
    const areaMm2 = f.blackheads.reduce((s, b) => s + Math.PI * b.radiusMm * b.radiusMm, 0);
    return result('blackhead', {
      measure: (10 * inT) / Math.max(1e-6, tzone),
      confidence: confidenceOf(ctx, T_ZONE, 0, { preferred: PORE_LIGHTS[0], used: f.light, featureMm: 0.4 }),
      findings: f.blackheads.length,
      annotations: spotAnnotations(features),
      lights: [f.light],
      details: { count: f.blackheads.length, tZoneCount: inT, tZoneAreaCm2: round(tzone), areaMm2: round(areaMm2), nose: f.blackheads.filter((b) => b.region === 'nose').length },
      features,
    });
  },
};

/** speckle: pigmented-spot index, spot area (mm2) times contrast/10, per 10 cm2 of face. */
export const speckle: Analyser = {
  dimension: 'speckle',
  lights: SPOT_LIGHTS,
  analyse(ctx) {
    const f = findSpots(ctx);
    const face = areaCm2(ctx, ctx.unionMask(FACE_SKIN, 1), 1);
    // Every candidate by its weight (measure/spots.ts, D-065): near misses count in part, so the index does not jump when one crosses a test.
    const index = f.weighted.reduce((s, p) => s + p.weight * Math.PI * p.radiusMm * p.radiusMm * Math.min(3, p.depth / 10), 0);
    const features = f.spots.map((s) => spotFeature(ctx, 1, s.type, s.x, s.y, s.radiusMm, s.depth, s.region));
    const details: Record<string, number> = { count: f.spots.length, faceAreaCm2: round(face) };
    for (const t of ['freckle', 'senile', 'acquired', 'mole', 'other'] as const) details[`count_${t}`] = f.spots.filter((s) => s.type === t).length;
    return result('speckle', {
      measure: (10 * index) / Math.max(1e-6, face),
      confidence: confidenceOf(ctx, FACE_SKIN, 1, { preferred: SPOT_LIGHTS[0], used: f.light, featureMm: 1 }),
      findings: f.spots.length,
      annotations: spotAnnotations(features),
      lights: [f.light],
      details,
      features,
    });
  },
};

/** acne: inflammatory lesions counted (grading: 1-5 I, 6-20 II, 21-50 III, over 50 IV); porphyrins add 0.1 each. */
export const acne: Analyser = {
  dimension: 'acne',
  lights: [...PAPULE_LIGHTS, 'uv'],
  analyse(ctx) {
    const f = findPapules(ctx);
    const features: Feature[] = f.papules.map((p) => spotFeature(ctx, 1, p.type, p.x, p.y, p.radiusMm, p.redness, p.region));
    const porphyrins = f.porphyrins ?? [];
    features.push(...porphyrins.map((p) => spotFeature(ctx, 0, 'porphyrin', p.x, p.y, 0.2, p.glow, null)));
    const details: Record<string, number> = { lesions: f.papules.length, porphyrins: porphyrins.length };
    for (const t of ['papule', 'pimple', 'cyst', 'pink'] as const) details[`count_${t}`] = f.papules.filter((p) => p.type === t).length;
    // UV fluorescence corroborates: lesions plus porphyrins are surer than lesions alone.
    const corroborated = f.porphyrins === null ? 0.9 : 1;
    return result('acne', {
      measure: f.papules.length + 0.1 * porphyrins.length,
      confidence: confidenceOf(ctx, FACE_SKIN, 1, { preferred: PAPULE_LIGHTS[0], used: f.light, featureMm: 1 }) * corroborated,
      findings: f.papules.length,
      annotations: spotAnnotations(features),
      lights: f.porphyrins === null ? [f.light] : [f.light, 'uv'],
      details,
      features,
    });
  },
};

/** sensitive: percentage of forehead, nose, cheeks and chin with diffuse redness. */
export const sensitive: Analyser = {
  dimension: 'sensitive',
  lights: PAPULE_LIGHTS,
  analyse(ctx) {
    const r = findRedness(ctx);
    const pxmm = ctx.pxPerMm(1);
    const features: Feature[] = r.patches.map((p) => ({ kind: 'area', polygon: p.hull.map((q) => ctx.toImage(1, q.x, q.y)), areaMm2: round(p.area / (pxmm * pxmm), 1), strength: round(p.mean - r.baseline, 2), region: null }));
    const details: Record<string, number> = { percent: round(r.percent), excess: round(r.excess), patches: r.patches.length };
    for (const id of REDNESS_REGIONS) details[`percent_${id}`] = round(r.regionPercent[id] ?? 0);
    return result('sensitive', {
      measure: r.percent,
      confidence: confidenceOf(ctx, REDNESS_REGIONS, 1, { preferred: PAPULE_LIGHTS[0], used: r.light }),
      findings: r.patches.length,
      annotations: [...polygonsAnnotation(features.flatMap((f) => (f.kind === 'area' ? [f.polygon] : []))), ...maskAnnotation(ctx, r.mask, 1)],
      lights: [r.light],
      details,
      features,
    });
  },
};
