import { GRADING } from '../grading.ts';
import type { RegionId } from '../regions/regions.ts';
import type { AttributeSource, Attributes } from './common.ts';
import { attr, have, spots } from './common.ts';

const PORE_REGIONS: readonly RegionId[] = ['forehead', 'glabella', 'nose', 'cheek_left', 'cheek_right', 'chin'];

/** Blackhead and pore family, from the pore and blackhead analysers. */
export function poreAttributes(s: AttributeSource): Attributes {
  const bh = s.dim('blackhead');
  const pore = s.dim('pore');
  const out: Attributes = {};
  const [medium = 4, coarse = 10] = GRADING.pore.thresholds;
  out['BlackHead_Area'] = attr(s.detail('blackhead', 'areaMm2') / Math.max(1, 100 * s.detail('blackhead', 'tZoneAreaCm2')), bh.confidence);
  out['BlackHead_Score'] = attr(bh.score, bh.confidence);
  out['SkinBlackHeads'] = attr(bh.findings, bh.confidence);
  out['SkinBlackHeadPathPoints'] = attr(s.spotPoints('blackhead'), bh.confidence);
  const density = (id: RegionId) => s.detail('pore', `density_${id}`);
  out['PoreCoarseRegions'] = attr(PORE_REGIONS.filter((id) => density(id) >= coarse).length, pore.confidence);
  out['PoreCount'] = attr(pore.findings, pore.confidence);
  out['PoreRegionPathPoints'] = attr(
    PORE_REGIONS.filter((id) => density(id) >= medium).map((id) => s.region(id)),
    pore.confidence,
  );
  out['PoreScore'] = attr(pore.score, pore.confidence);
  out['PoreSegPathPoints'] = attr(
    spots(pore.features).map((f) => s.circle(f.at, f.radius)),
    pore.confidence,
  );
  // "PortScore" is listed beside PoreScore in the specification; it carries the same score.
  out['PortScore'] = attr(pore.score, pore.confidence);
  out['PoresBetweenBrow_Have'] = attr(have(density('glabella') >= medium), pore.confidence);
  out['PoresCheeks_Left'] = attr(density('cheek_left'), pore.confidence);
  out['PoresCheeks_Right'] = attr(density('cheek_right'), pore.confidence);
  out['PoresForehead_Have'] = attr(have(density('forehead') >= medium), pore.confidence);
  return out;
}
