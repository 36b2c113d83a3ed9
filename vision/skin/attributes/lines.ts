import type { DimensionId } from '../../../protocol/enums/dimensions.ts';
import { grade } from '../grading.ts';
import type { RegionId } from '../regions/regions.ts';
import type { AttributeSource, Attributes } from './common.ts';
import { attr, have, lines, rankOfCount } from './common.ts';

/** decision: nominal widths for "Area" (length x width over the region's area). */
const FINE_WIDTH_MM = 0.5;
const FOLD_WIDTH_MM = 2;

/** Per-region line measures from a line dimension's details. */
function measures(s: AttributeSource, id: DimensionId, region: RegionId, widthMm: number) {
  const length = s.detail(id, `length_${region}`);
  const areaMm2 = s.detail(id, `area_${region}`);
  const count = s.detail(id, `count_${region}`);
  return {
    length,
    count,
    index: s.detail(id, `index_${region}`),
    area: areaMm2 > 0 ? Math.min(1, (length * widthMm) / areaMm2) : 0,
    density: areaMm2 > 0 ? (100 * count) / areaMm2 : 0,
  };
}

/** Eyebrow line (the frown lines between the brows) and the wrinkle families. */
export function wrinkleAttributes(s: AttributeSource): Attributes {
  const out: Attributes = {};
  const frown = s.dim('frown_wrinkle');
  const g = measures(s, 'frown_wrinkle', 'glabella', FINE_WIDTH_MM);
  const fc = frown.confidence;
  Object.assign(out, {
    EyebrowLineArea: attr(g.area, fc),
    EyebrowLineDegree: attr(1 - frown.score / 100, fc),
    EyebrowLineDensity: attr(g.density, fc),
    EyebrowLineHave: attr(have(g.count > 0), fc),
    EyebrowLineLength: attr(g.length, fc),
    EyebrowLineLevel: attr(frown.level, fc),
    EyebrowLinePathPoints: attr(s.linePaths('frown_wrinkle'), fc),
    EyebrowLineRank: attr(rankOfCount(g.count), fc),
    EyebrowLineScore: attr(frown.score, fc),
  });
  const crows = s.dim('crows_feet');
  const under = s.dim('under_eye_wrinkle');
  for (const side of ['Left', 'Right'] as const) {
    const lower = side.toLowerCase() as 'left' | 'right';
    const cf = measures(s, 'crows_feet', `crows_feet_${lower}`, FINE_WIDTH_MM);
    const ue = measures(s, 'under_eye_wrinkle', `under_eye_${lower}`, FINE_WIDTH_MM);
    const ueGrade = grade('under_eye_wrinkle', ue.index);
    out[`CrowsFeed_${side}Area`] = attr(cf.area, crows.confidence);
    out[`EyeWrinkle_${side}Area`] = attr(ue.area, under.confidence);
    out[`SkinCrowFeet${side}PathPoints`] = attr(s.linePaths('crows_feet', [`crows_feet_${lower}`]), crows.confidence);
    out[`SkinCrowsFeed_${side}`] = attr(grade('crows_feet', cf.index).level, crows.confidence);
    out[`SkinEyeFineLine_${side}`] = attr(ue.count, under.confidence);
    out[`SkinEyeFineLineScore_${side}`] = attr(ueGrade.score, under.confidence);
    out[`SkinEyeWrinkle_${side}`] = attr(ueGrade.level, under.confidence);
    out[`SkinEyeWrinkle${side}PathPoints`] = attr(s.linePaths('under_eye_wrinkle', [`under_eye_${lower}`]), under.confidence);
  }
  out['FinelinePathPoints'] = attr([...s.linePaths('under_eye_wrinkle'), ...s.linePaths('crows_feet')], Math.min(crows.confidence, under.confidence));
  const fh = s.dim('forehead_wrinkle');
  const f = measures(s, 'forehead_wrinkle', 'forehead', FINE_WIDTH_MM);
  // Fine forehead lines: the shallow ones (depth under 1.5 times the detection threshold).
  const fine = lines(fh.features).filter((l) => l.strength < 1.5);
  const foreheadMm2 = s.detail('forehead_wrinkle', 'area_forehead');
  const fineLength = fine.reduce((sum, l) => sum + l.lengthMm, 0);
  Object.assign(out, {
    ForeheadFinelineWrinkle: attr(fine.length, fh.confidence),
    ForeheadFinelineWrinkleArea: attr(foreheadMm2 > 0 ? (fineLength * FINE_WIDTH_MM) / foreheadMm2 : 0, fh.confidence),
    ForeheadFinelineWrinkleDensity: attr(foreheadMm2 > 0 ? (100 * fine.length) / foreheadMm2 : 0, fh.confidence),
    ForeheadFinelineWrinklePathPoints: attr(
      fine.map((l) => s.flat(l.points)),
      fh.confidence,
    ),
    SkinForeHeadWrinkle: attr(fh.level, fh.confidence),
    SkinForeHeadWrinkleArea: attr(f.area, fh.confidence),
    SkinForeheadDegree: attr(1 - fh.score / 100, fh.confidence),
    SkinForeheadDensity: attr(f.density, fh.confidence),
    SkinForeheadLength: attr(f.length, fh.confidence),
    SkinForeheadLevel: attr(fh.level, fh.confidence),
    SkinForeheadScore: attr(fh.score, fh.confidence),
    SkinForeheadWrinklePathPoints: attr(s.linePaths('forehead_wrinkle'), fh.confidence),
  });
  return out;
}

/** Mouth corner (marionette) and nasolabial families: one fold per side. */
export function foldAttributes(s: AttributeSource): Attributes {
  const out: Attributes = {};
  const fold = (id: DimensionId, prefix: string, region: (side: 'left' | 'right') => RegionId, ratioName: 'Area' | 'AreaRatio') => {
    const d = s.dim(id);
    const c = d.confidence;
    const sides = (['left', 'right'] as const).map((side) => ({ side, m: measures(s, id, region(side), FOLD_WIDTH_MM) }));
    const total = sides.reduce((a, b) => a + b.m.area, 0) / 2;
    out[`${prefix}${ratioName}`] = attr(total, c);
    out[`${prefix}Degree`] = attr(1 - d.score / 100, c);
    out[`${prefix}Density`] = attr(sides.reduce((a, b) => a + b.m.density, 0) / 2, c);
    out[`${prefix}Level`] = attr(d.level, c);
    out[`${prefix}Score`] = attr(d.score, c);
    return sides;
  };
  const mouth = fold('narionette_lines', 'MouthCorner', (side) => `mouth_corner_${side}`, 'Area');
  const mc = s.dim('narionette_lines').confidence;
  for (const { side, m } of mouth) {
    const S = side === 'left' ? 'Left' : 'Right';
    Object.assign(out, {
      [`MouthCorner${S}Area`]: attr(m.area, mc),
      [`MouthCorner${S}Density`]: attr(m.density, mc),
      [`MouthCorner${S}Have`]: attr(have(m.count > 0), mc),
      [`MouthCorner${S}Length`]: attr(m.length, mc),
      [`MouthCorner${S}Score`]: attr(grade('narionette_lines', m.index).score, mc),
      [`SkinMouthCorner${S}PathPoints`]: attr(s.linePaths('narionette_lines', [`mouth_corner_${side}`]), mc),
    });
  }
  const naso = fold('nasolabial_folds', 'Nasolabial', (side) => `nasolabial_${side}`, 'AreaRatio');
  const nc = s.dim('nasolabial_folds').confidence;
  for (const { side, m } of naso) {
    const S = side === 'left' ? 'Left' : 'Right';
    const graded = grade('nasolabial_folds', s.detail('nasolabial_folds', `index_${side}`));
    Object.assign(out, {
      [`NasolabialFolds_${S}Area`]: attr(m.area, nc),
      [`Nasolabial${S}Density`]: attr(m.density, nc),
      [`Nasolabial${S}Length`]: attr(m.length, nc),
      [`Nasolabial${S}Score`]: attr(graded.score, nc),
      [`SkinNasolabialFolds_${S}`]: attr(graded.level, nc),
      [`SkinNasolabialFold${S}PathPoints`]: attr(s.linePaths('nasolabial_folds', [`nasolabial_${side}`]), nc),
    });
  }
  return out;
}
