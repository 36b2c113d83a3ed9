import { grade, GRADING } from '../grading.ts';
import type { AttributeSource, Attributes } from './common.ts';
import { attr, have } from './common.ts';

const SIDES = [
  ['Left', 'left'],
  ['Right', 'right'],
] as const;

/** decision: a dark-circle component counts ("_Have") from 2 L* of darkening. */
const DARK_HAVE = 2;
/** decision: "SkinPandaEye_{side}" codes the dominant cause: 0 none, 1 pigment, 2 vascular (Artery), 3 shadow. */
export const PANDA_TYPE_CODES = { none: 0, pigment: 1, artery: 2, shadow: 3 } as const;

/** Eye bag, dark circle and tear trough families. */
export function eyeAttributes(s: AttributeSource): Attributes {
  const out: Attributes = {};
  const bags = s.dim('eye_bags');
  for (const [S, side] of SIDES) {
    const g = grade('eye_bags', s.detail('eye_bags', `index_${side}`));
    out[`SkinEyeBag${S}Class`] = attr(g.level, bags.confidence);
    out[`SkinEyeBag${S}PathPoints`] = attr(s.linePaths('eye_bags', [`under_eye_${side}`]), bags.confidence);
    out[`SkinEyeBag${S}Score`] = attr(g.score, bags.confidence);
  }
  out['SkinEyeBagTotalClass'] = attr(bags.level, bags.confidence);
  out['SkinEyeBagTotalScore'] = attr(bags.score, bags.confidence);

  const dark = s.dim('black_rim_of_eye');
  const dc = dark.confidence;
  for (const [S, side] of SIDES) {
    const parts = { Artery: s.detail('black_rim_of_eye', `artery_${side}`), Pigment: s.detail('black_rim_of_eye', `pigment_${side}`), Shadow: s.detail('black_rim_of_eye', `shadow_${side}`) };
    const dL = s.detail('black_rim_of_eye', `dL_${side}`);
    const top = (Object.entries(parts) as [keyof typeof parts, number][]).sort((a, b) => b[1] - a[1])[0];
    const code = !top || dL < DARK_HAVE || top[1] <= 0 ? PANDA_TYPE_CODES.none : PANDA_TYPE_CODES[top[0].toLowerCase() as 'artery' | 'pigment' | 'shadow'];
    out[`SkinPandaEye_${S}`] = attr(code, dc);
    for (const [part, strength] of Object.entries(parts)) {
      out[`SkinPandaEye_${S}_${part}`] = attr(strength, dc);
      out[`SkinPandaEye_${S}_${part}_Have`] = attr(have(strength >= DARK_HAVE), dc);
      out[`SkinPandaEye_${S}_${part}_Score`] = attr(grade('black_rim_of_eye', strength).score, dc);
    }
    const g = grade('black_rim_of_eye', dL);
    out[`SkinPandaEye_${S}_Level`] = attr(g.level, dc);
    out[`SkinPandaEye_${S}_Score`] = attr(g.score, dc);
    out[`SkinPandaEye${S}PathPoints`] = attr([s.region(`under_eye_${side}`)], dc);
  }
  out['SkinPandaEye_Total_Level'] = attr(dark.level, dc);
  out['SkinPandaEye_Total_Score'] = attr(dark.score, dc);

  const tear = s.dim('lacrimal_groove');
  const tc = tear.confidence;
  for (const [S, side] of SIDES) {
    const g = grade('lacrimal_groove', s.detail('lacrimal_groove', `index_${side}`));
    const found = s.detail('lacrimal_groove', `count_tear_trough_${side}`) > 0;
    // "The Have attributes carry their own confidence value": how sure the presence call is,
    // higher the further the fold index is from the threshold of level 1.
    const threshold = GRADING.lacrimal_groove.thresholds[0] ?? 4;
    const margin = Math.min(1, Math.abs(s.detail('lacrimal_groove', `index_${side}`) - threshold) / threshold);
    out[`TearThrough${S}Have`] = attr(have(found), tc * (0.5 + 0.5 * margin));
    out[`TearThrough${S}Level`] = attr(g.level, tc);
    out[`TearThrough${S}Score`] = attr(g.score, tc);
    out[`SkinTearThrough${S}PathPoints`] = attr(s.linePaths('lacrimal_groove', [`tear_trough_${side}`]), tc);
  }
  out['TearThroughTotalDegree'] = attr(1 - tear.score / 100, tc);
  out['TearThroughTotalLevel'] = attr(tear.level, tc);
  out['TearThroughTotalScore'] = attr(tear.score, tc);
  return out;
}
