import type { RegionId } from '../regions/regions.ts';
import type { AttributeSource, Attributes, SpotFeature } from './common.ts';
import { attr, r4, rankOfCount, spots } from './common.ts';

const CHEEK: readonly RegionId[] = ['cheek_left', 'cheek_right'];
const EYE: readonly RegionId[] = ['under_eye_left', 'under_eye_right', 'crows_feet_left', 'crows_feet_right'];
const T: readonly RegionId[] = ['forehead', 'glabella', 'nose', 'chin'];
/** decision: numeric codes of the "Type" attributes (the dominant kind of spot in the area). */
export const FLECK_TYPE_CODES = { none: 0, freckle: 1, senile: 2, acquired: 3, other: 4, mole: 5 } as const;

/** Fleck family (pigmented spots), from the speckle analyser's located spots. */
export function fleckAttributes(s: AttributeSource): Attributes {
  const speckle = s.dim('speckle');
  const c = speckle.confidence;
  const all = spots(speckle.features);
  const out: Attributes = {};
  const byType = (type: string) => all.filter((f) => f.type === type);
  for (const [name, type] of [
    ['AcquiredFleck', 'acquired'],
    ['FreckleFleck', 'freckle'],
    ['SenileFleck', 'senile'],
    ['OtherFleck', 'other'],
  ] as const) {
    const found = byType(type);
    out[`${name}Count`] = attr(found.length, c);
    out[`${name}PathPoints`] = attr(found.map((f) => s.circle(f.at, f.radius)), c);
    out[`${name}Rank`] = attr(rankOfCount(found.length), c);
  }
  const area = (regions: readonly RegionId[], prefix: string, extra: boolean) => {
    const found = spots(speckle.features, undefined, regions);
    const regionMm2 = regions.reduce((sum, id) => sum + polygonMm2(s, id), 0);
    const spotMm2 = found.reduce((sum, f) => sum + Math.PI * (f.radius / s.view.sourcePxPerMm) ** 2, 0);
    out[`${prefix}AreaRatio`] = attr(regionMm2 > 0 ? spotMm2 / regionMm2 : 0, c);
    out[`${prefix}ContourPathPoints`] = attr(
      found.map((f) => s.circle(f.at, f.radius)),
      c,
    );
    out[`${prefix}Count`] = attr(found.length, c);
    out[`${prefix}Type`] = attr(dominantType(found), c);
    if (extra) {
      const score = 100 * Math.max(0, 1 - found.length / 12);
      out[`${prefix}PathPoints`] = attr(
        found.map((f) => s.flat([f.at])),
        c,
      );
      out[`${prefix}Rank`] = attr(rankOfCount(found.length), c);
      out[`${prefix}Score`] = attr(score, c);
    }
  };
  area(CHEEK, 'CheekFleck', false);
  area(EYE, 'EyeFleck', true);
  area(T, 'TFleck', false);
  out['TCheekFleckPathPoints'] = attr(
    spots(speckle.features, undefined, [...T, ...CHEEK]).map((f) => s.circle(f.at, f.radius)),
    c,
  );
  const sensitive = s.dim('sensitive');
  out['CheekRedValue'] = attr((s.detail('sensitive', 'percent_cheek_left') + s.detail('sensitive', 'percent_cheek_right')) / 2, sensitive.confidence);
  const pigmented = all.filter((f) => f.type !== 'mole');
  out['SkinSpot'] = { ...attr(pigmented.length, c), rectangle: pigmented.map((f) => s.rectangle(f.at, f.radius)) };
  out['SkinMole'] = attr(byType('mole').length, c);
  return out;
}

function dominantType(found: readonly SpotFeature[]): number {
  if (found.length === 0) return FLECK_TYPE_CODES.none;
  const counts = new Map<string, number>();
  for (const f of found) counts.set(f.type, (counts.get(f.type) ?? 0) + 1);
  const [type] = [...counts.entries()].sort((a, b) => b[1] - a[1])[0] ?? ['other'];
  return FLECK_TYPE_CODES[type as keyof typeof FLECK_TYPE_CODES] ?? FLECK_TYPE_CODES.other;
}

/** A region polygon's area in square millimetres. */
export function polygonMm2(s: AttributeSource, id: RegionId): number {
  const poly = s.view.regions[id];
  let a = 0;
  for (let i = 0, j = poly.length - 1; i < poly.length; j = i++) {
    const p = poly[i];
    const q = poly[j];
    if (p && q) a += (q.x + p.x) * (q.y - p.y);
  }
  return r4(Math.abs(a) / 2 / s.view.sourcePxPerMm ** 2);
}
