/**
 * vision/skin: skin analysis of decoded face images (issue 3 part 3). Pure functions: images and
 * face geometry in, dimension levels, located findings and the skin_all_race attributes out.
 * Methods, thresholds and benchmark: docs/vision-skin.md.
 */
export { analyseSkin, analyseView, combineViews } from './analyse.ts';
export type { AnalyseOptions } from './analyse.ts';
export { ANALYSERS } from './analysers/index.ts';
export { CropHelper, threadCropHelper } from './parallel/crop-helper.ts';
export type { CropSharing } from './context.ts';
export type { Analyser } from './analyser.ts';
export { skinAttributes } from './attributes/index.ts';
export { grade, GRADING } from './grading.ts';
export { NEEDS, minPxPerMmOf } from './needs.ts';
export type { Needs } from './needs.ts';
export { notMeasurable } from './measurability.ts';
export type { Graded, Grading } from './grading.ts';
export { FACE_WIDTH_PX, decodeShrink, decodeShrinkForWidth } from './image/frame.ts';
export { REGION_IDS, EXCLUSION_IDS, skinRegions } from './regions/regions.ts';
export type { RegionId, ExclusionId, SkinRegions } from './regions/regions.ts';
export type { CombinedDimension, DimensionAnalysis, NotMeasuredDimension, Feature, MaskAnnotation, SkinAnalysis, SkinAnnotation, SkinViewInput, ViewSkinAnalysis } from './types.ts';
export type { ViewConditions } from './confounders.ts';
export type { CastHue, ColourCast } from './measure/colour-cast.ts';
export type { EyeMakeup, FoundationMakeup, LipMakeup, MakeupFindings } from './measure/makeup.ts';
