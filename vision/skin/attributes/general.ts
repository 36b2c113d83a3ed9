import { DIMENSION_IDS } from '../../../protocol/enums/dimensions.ts';
import { rgbToLab } from '../image/color.ts';
import type { Point2 } from '../../types.ts';
import type { AttributeSource, Attributes } from './common.ts';
import { attr, have, r4, spots } from './common.ts';

/**
 * decision: skin tone classes by the Individual Typology Angle, ITA = atan((L* - 50) / b*) in
 * degrees (Chardon et al. 1991): over 55 very light (1), 41-55 light (2), 28-41 intermediate (3),
 * 10-28 tan (4), -30-10 brown (5), under -30 dark (6). The palette is our reference colour of
 * each class (sRGB), the one MatchColorBGRValues returns.
 */
export const ITA_CLASSES = [55, 41, 28, 10, -30] as const;
/** decision: below this b* the skin colour is taken as cast (no skin is that blue under neutral light). */
const MIN_SKIN_B = 2;
export const TONE_PALETTE: readonly (readonly [number, number, number])[] = [
  [246, 225, 210],
  [232, 196, 170],
  [212, 170, 135],
  [184, 134, 98],
  [140, 95, 66],
  [92, 60, 42],
];
/** decision: SkinType codes. */
export const SKIN_TYPE_CODES = { dry: 0, normal: 1, oily: 2, combination: 3 } as const;

/** Acne, sensitivity, colour and general attributes. */
export function generalAttributes(s: AttributeSource): Attributes {
  const out: Attributes = {};
  const acne = s.dim('acne');
  const count = (type: string) => spots(acne.features, [type]).length;
  Object.assign(out, {
    SkinAcne: attr(acne.level, acne.confidence),
    SkinCyst: attr(count('cyst'), acne.confidence),
    SkinPapula: attr(count('papule'), acne.confidence),
    SkinPimple: attr(count('pimple'), acne.confidence),
    SkinPinkAcne: attr(count('pink'), acne.confidence),
  });
  const sens = s.dim('sensitive');
  for (const [name, region] of [
    ['Chin', 'chin'],
    ['Forehead', 'forehead'],
    ['Leftcheek', 'cheek_left'],
    ['Nose', 'nose'],
    ['Rightcheek', 'cheek_right'],
  ] as const) {
    out[`SkinRosacea${name}`] = attr(s.detail('sensitive', `percent_${region}`), sens.confidence);
  }
  out['IsSensitive'] = attr(have(sens.level >= 3), sens.confidence);
  out['SensitivePathPoints'] = attr(areas(s, 'sensitive'), sens.confidence);
  out['SensitiveScore'] = attr(sens.score, sens.confidence);
  Object.assign(out, colourAttributes(s));
  const oil = s.dim('oil');
  const shine = s.dim('oil').features.flatMap((f) => (f.kind === 'area' ? [f.polygon] : []));
  out['SkinHighlight'] = { ...attr(shine.length, oil.confidence), rectangle: shine.map((p) => boxOf(s, p)) };
  out['SkinHighlightPrec'] = attr(s.detail('oil', 'facePercent'), oil.confidence);
  out['NoseContourPathPoints'] = attr([s.region('nose')], 0.9);
  const scores = DIMENSION_IDS.map((d) => s.dim(d).score);
  const overall = scores.reduce((a, b) => a + b, 0) / scores.length;
  out['SkinLevel'] = attr(overall >= 80 ? 1 : overall >= 65 ? 2 : overall >= 50 ? 3 : 4, 0.7);
  out['SkinType'] = attr(skinType(s), oil.confidence);
  // decision: a heuristic apparent age from the ageing signs, uncalibrated; hence confidence 0.3.
  const ageing = ['wrinkle', 'speckle', 'firmness', 'vitality_eye_contour', 'nasolabial_folds'] as const;
  const severity = ageing.reduce((a, d) => a + (1 - s.dim(d).score / 100), 0) / ageing.length;
  out['SkinAge'] = attr(Math.round(Math.min(80, Math.max(15, 18 + 55 * severity))), 0.3);
  return out;
}

function skinType(s: AttributeSource): number {
  const tZone = s.detail('oil', 'tZonePercent');
  const cheeks = (s.detail('oil', 'percent_cheek_left') + s.detail('oil', 'percent_cheek_right')) / 2;
  if (tZone >= 10) return cheeks >= 5 ? SKIN_TYPE_CODES.oily : SKIN_TYPE_CODES.combination;
  if (s.dim('water').level >= 3 && tZone < 3) return SKIN_TYPE_CODES.dry;
  return SKIN_TYPE_CODES.normal;
}

function colourAttributes(s: AttributeSource): Attributes {
  const [r, g, b] = s.view.skinRgb;
  const [L, , B] = s.view.skinLab;
  // Skin under neutral light has b* of 8 to 25; at b* near or below 0 (a blue cast) the angle is
  // undefined or meaningless, so the class is read from L* alone at a typical b* of 15, unsure.
  const plausible = B >= MIN_SKIN_B;
  const ita = (Math.atan2(L - 50, plausible ? B : 15) * 180) / Math.PI;
  const cls = ITA_CLASSES.findIndex((t) => ita > t);
  const level = cls < 0 ? 6 : cls + 1;
  const toneConfidence = plausible ? 0.9 : 0.3;
  const ref = TONE_PALETTE[level - 1] ?? [0, 0, 0];
  const hue = (lab: readonly number[]) => (Math.atan2(lab[2] ?? 0, lab[1] ?? 0) * 180) / Math.PI;
  const refLab = labOf(ref);
  const max = Math.max(r, g, b);
  const min = Math.min(r, g, b);
  const h = max === min ? 0 : max === r ? (60 * ((g - b) / (max - min)) + 360) % 360 : max === g ? 60 * ((b - r) / (max - min)) + 120 : 60 * ((r - g) / (max - min)) + 240;
  const c = 0.9;
  return {
    MatchColorBGRValues: attr([ref[2], ref[1], ref[0]], c),
    SkinBGRValues: attr([r4(b), r4(g), r4(r)], c),
    // decision: H in degrees 0..360, S and V 0..1 (not OpenCV's 0..180 / 0..255).
    SkinHSVValues: attr([r4(h), r4(max ? (max - min) / max : 0), r4(max / 255)], c),
    SkinColorHueDelta: attr(hue(s.view.skinLab) - hue(refLab), c),
    SkinColorLevel: attr(level, toneConfidence),
  };
}

function labOf(rgb: readonly number[]): number[] {
  const one = (v: number) => Float32Array.of(v);
  const lab = rgbToLab({ width: 1, height: 1, r: one(rgb[0] ?? 0), g: one(rgb[1] ?? 0), b: one(rgb[2] ?? 0) });
  return [lab.L.data[0] ?? 0, lab.a.data[0] ?? 0, lab.b.data[0] ?? 0];
}

function areas(s: AttributeSource, id: 'sensitive' | 'oil'): number[][] {
  return s.dim(id).features.flatMap((f) => (f.kind === 'area' ? [s.flat(f.polygon)] : []));
}

function boxOf(s: AttributeSource, poly: readonly Point2[]) {
  const xs = poly.map((p) => p.x);
  const ys = poly.map((p) => p.y);
  const x0 = Math.min(...xs);
  const y0 = Math.min(...ys);
  return s.rectangle({ x: (x0 + Math.max(...xs)) / 2, y: (y0 + Math.max(...ys)) / 2 }, (Math.max(...xs) - x0) / 2, (Math.max(...ys) - y0) / 2);
}
