import { DIMENSION_IDS } from '../../protocol/enums/dimensions.ts';
import { LIGHT_SOURCES, VIEWS, deviceVImageKey, type LightSource } from '../../protocol/skin-api/api-codes.ts';
import type { CaptureConditions, DimensionResult, SkinResult } from '../../protocol/skin-api/task-result.ts';
import { combineViews } from '../../vision/skin/index.ts';
import type { ViewSkinAnalysis } from '../../vision/skin/index.ts';
import type { JobFile, JobResult, SkinViewJobPayload, TaskJobPayload } from './job-types.ts';
import type { SkinViewRecord } from './jobs/skin-jobs.ts';

/** The per-view jobs of a device_v or online_skin task: device_v keys are `${light}_${view}_image`. */
export function skinViewJobs(payload: TaskJobPayload): SkinViewJobPayload[] {
  const dimensions = payload.dimension_codes.length > 0 ? payload.dimension_codes : DIMENSION_IDS;
  const format = payload.mask_format ?? 'annotation_image';
  const jobs: SkinViewJobPayload[] = [];
  for (const view of VIEWS) {
    const photos: Partial<Record<LightSource, Uint8Array>> = {};
    for (const image of payload.images) {
      if (payload.api_code === 'device_v') {
        const light = LIGHT_SOURCES.find((l) => image.key === deviceVImageKey(l, view));
        if (light) photos[light] = image.bytes;
      } else if (image.key === `${view}_image`) {
        photos.white = image.bytes;
      }
    }
    if (Object.keys(photos).length > 0) jobs.push({ view, photos, dimensions, format, namesLight: payload.api_code === 'device_v' });
  }
  return jobs;
}

/** Combines the views' analyses per dimension into the task's result record. */
export function assembleSkinResult(payload: TaskJobPayload, views: readonly JobResult[]): JobResult {
  const records = views.map((v) => v.record as SkinViewRecord);
  const combined = combineViews(records.map((r) => r.analysis));
  const dimensions = payload.dimension_codes.length > 0 ? payload.dimension_codes : DIMENSION_IDS;
  const results: DimensionResult[] = [];
  for (const dimension of dimensions) {
    const found = combined.dimensions[dimension];
    if (!found) continue;
    const annotations = records.flatMap((r) => (r.annotations[dimension] ? [r.annotations[dimension]] : []));
    results.push({ dimension, level: found.level, score: found.score, confidence: found.confidence, annotations, ...(found.caveats.length > 0 ? { caveats: [...found.caveats] } : {}) });
  }
  // D-033: what no view could measure gets no level and does not count in the overall score.
  const notMeasured = dimensions.flatMap((d) => {
    const why = combined.notMeasured[d];
    return why ? [{ dimension: d, reason: why.reason, detail: why.detail }] : [];
  });
  const overall = results.length > 0 ? results.reduce((sum, r) => sum + r.score, 0) / results.length : 0;
  const front = records.find((r) => r.analysis.view === 'front') ?? records[0];
  const record: SkinResult = {
    type: 'skin',
    dimensions: results,
    overall_score: Math.round(overall * 10) / 10,
    mask_format: payload.mask_format ?? 'annotation_image',
    not_measured: notMeasured,
    ...(front ? { capture: captureConditions(front.analysis) } : {}),
  };
  const files: JobFile[] = views.flatMap((v) => v.files);
  return { record, files };
}

/**
 * D-033: the front view's capture conditions. Make-up and the light's colour are given when the
 * view could judge them (make-up: at least one of eyes, lips, foundation assessed; colour cast:
 * eye whites seen), and left out otherwise, as the schema's "absent when not assessed".
 */
export function captureConditions(v: ViewSkinAnalysis): CaptureConditions {
  const c = v.conditions;
  const m = c?.makeup;
  const assessed = m ? m.details.eyes.assessed || m.details.lips.assessed || m.details.foundation.assessed : false;
  return {
    px_per_mm: v.sourcePxPerMm,
    effective_px_per_mm: v.effectivePxPerMm,
    ...(m && assessed ? { makeup: { eyes: m.eyes, lips: m.lips, foundation: m.foundation } } : {}),
    ...(c?.colourCast.assessed ? { colour_cast: { strength: c.colourCast.strength, hue: c.colourCast.hue } } : {}),
  };
}
