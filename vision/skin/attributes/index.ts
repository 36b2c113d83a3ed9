import type { SkinAllRaceResult } from '../../../protocol/skin-api/detection.ts';
import { SKIN_ATTRIBUTE_NAMES } from '../../../protocol/skin-api/skin-attributes.ts';
import type { ViewSkinAnalysis } from '../types.ts';
import { AttributeSource } from './common.ts';
import { eyeAttributes } from './eyes.ts';
import { fleckAttributes } from './flecks.ts';
import { generalAttributes } from './general.ts';
import { poreAttributes } from './pores.ts';
import { foldAttributes, wrinkleAttributes } from './lines.ts';

/**
 * The skin_all_race result (specification: Direct detection results) of one analysed view:
 * face_attributes with every attribute name the specification lists, each {confidence, value},
 * coordinates normalised to the image. Meanings and ranges: docs/vision-skin.md.
 */
export function skinAttributes(view: ViewSkinAnalysis): SkinAllRaceResult {
  const s = new AttributeSource(view);
  const built = { ...fleckAttributes(s), ...poreAttributes(s), ...wrinkleAttributes(s), ...foldAttributes(s), ...eyeAttributes(s), ...generalAttributes(s) };
  // Specification order, and a loud failure if a family forgot a name (a test checks it too).
  const face_attributes: SkinAllRaceResult['face_attributes'] = {};
  for (const name of SKIN_ATTRIBUTE_NAMES) {
    const a = built[name];
    if (!a) throw new Error(`skin attribute ${name} not built`);
    face_attributes[name] = a;
  }
  return { face_attributes };
}
