import type { LightSource } from '../../../protocol/skin-api/api-codes.ts';
import type { Analyser } from '../analyser.ts';
import { confidenceOf, maskAnnotation, polygonsAnnotation, result, round } from '../analyser.ts';
import { CHEEKS, T_ZONE } from '../measure/regions.ts';
import { findShine, microReliefFraction, mottlingSigma, sheenContrast, textureSigma } from '../measure/surface.ts';
import type { Feature } from '../types.ts';

const TEXTURE_LIGHTS: readonly LightSource[] = ['parallel_polar', 'white', 'white_glow', 'cross_polar'];
const TONE_LIGHTS: readonly LightSource[] = ['cross_polar', 'white', 'white_glow', 'parallel_polar'];
const GLOW_LIGHTS: readonly LightSource[] = ['white_glow', 'parallel_polar', 'white', 'cross_polar'];

/**
 * oil: percentage of the T-zone that is surface shine, the parallel- minus the cross-polarised
 * image. Measured only when the view has both (needs.ts, D-074).
 */
export const oil: Analyser = {
  dimension: 'oil',
  lights: ['parallel_polar', 'cross_polar'],
  analyse(ctx) {
    const s = findShine(ctx);
    const pxmm = ctx.pxPerMm(1);
    const features: Feature[] = s.patches.map((p) => ({ kind: 'area', polygon: p.hull.map((q) => ctx.toImage(1, q.x, q.y)), areaMm2: round(p.area / (pxmm * pxmm), 1), strength: 1, region: null }));
    const details: Record<string, number> = { tZonePercent: round(s.tZonePercent), facePercent: round(s.facePercent), polarisationDifference: s.method === 'polarisation-difference' ? 1 : 0 };
    for (const [id, v] of Object.entries(s.percent)) details[`percent_${id}`] = round(v ?? 0);
    return result('oil', {
      measure: s.tZonePercent,
      confidence: confidenceOf(ctx, T_ZONE, 1),
      findings: s.patches.length,
      annotations: [...polygonsAnnotation(features.flatMap((f) => (f.kind === 'area' ? [f.polygon] : []))), ...maskAnnotation(ctx, s.mask, 1)],
      lights: s.lights,
      details,
      features,
    });
  },
};

/**
 * water: a photo cannot weigh water, so this is a proxy (docs/vision-skin.md): dehydrated skin
 * shows a dense microrelief of fine crossing lines and looks dull. 70 % microrelief density, 30 %
 * missing sheen.
 */
export const water: Analyser = {
  dimension: 'water',
  lights: TEXTURE_LIGHTS,
  analyse(ctx) {
    const light = ctx.pick(TEXTURE_LIGHTS);
    const micro = microReliefFraction(ctx);
    const sheen = sheenContrast(ctx, ctx.pick(GLOW_LIGHTS));
    const microPart = Math.min(1, Math.max(0, (micro - 0.04) / 0.2));
    const dullPart = Math.min(1, Math.max(0, (6 - (Number.isFinite(sheen) ? sheen : 6)) / 6));
    return result('water', {
      measure: 100 * (0.7 * microPart + 0.3 * dullPart),
      confidence: confidenceOf(ctx, CHEEKS, 0, { preferred: TEXTURE_LIGHTS[0], used: light, featureMm: 0.4 }) * 0.6,
      lights: [light],
      details: { microRelief: round(micro), sheen: round(sheen) },
    });
  },
};

/** glow: dullness, 10 minus the sheen contrast of the cheeks (L*); white_glow light suits it best. */
export const glow: Analyser = {
  dimension: 'glow',
  lights: GLOW_LIGHTS,
  analyse(ctx) {
    const light = ctx.pick(GLOW_LIGHTS);
    const sheen = sheenContrast(ctx, light);
    return result('glow', {
      measure: Math.max(0, 10 - (Number.isFinite(sheen) ? sheen : 0)),
      confidence: confidenceOf(ctx, CHEEKS, 1, { preferred: GLOW_LIGHTS[0], used: light }) * 0.8,
      lights: [light],
      details: { sheen: round(sheen) },
    });
  },
};

/** skin_smoothness: robust sigma of the fine texture (L* minus its 0.5 mm blur). */
export const skinSmoothness: Analyser = {
  dimension: 'skin_smoothness',
  lights: TEXTURE_LIGHTS,
  analyse(ctx) {
    const light = ctx.pick(TEXTURE_LIGHTS);
    const sigma = textureSigma(ctx);
    return result('skin_smoothness', {
      measure: Number.isFinite(sigma) ? sigma : 0,
      confidence: confidenceOf(ctx, [...CHEEKS, 'forehead'], 0, { preferred: TEXTURE_LIGHTS[0], used: light, featureMm: 0.3 }),
      lights: [light],
      details: { textureSigma: round(sigma) },
    });
  },
};

/** skin_glow (radiance): tone mottling, robust sigma of L* between the 1 mm and 5 mm scales. */
export const skinGlow: Analyser = {
  dimension: 'skin_glow',
  lights: TONE_LIGHTS,
  analyse(ctx) {
    const light = ctx.pick(TONE_LIGHTS);
    const sigma = mottlingSigma(ctx, light);
    return result('skin_glow', {
      measure: Number.isFinite(sigma) ? sigma : 0,
      confidence: confidenceOf(ctx, [...CHEEKS, 'forehead', 'chin'], 1, { preferred: TONE_LIGHTS[0], used: light }),
      lights: [light],
      details: { mottlingSigma: round(sigma) },
    });
  },
};
