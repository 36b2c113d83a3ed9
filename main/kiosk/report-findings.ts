/**
 * The findings of a stored skin result as the kiosk shows them (kiosk API getReport, getHistory):
 * measured dimensions with their caveats, and the dimensions the analysis could not measure with
 * the reason (D-033: a number we cannot defend is not shown as a measurement). Pure functions, so
 * the rules are testable without a store or a sync engine.
 */
import { DIMENSION_IDS, dimensionName, levelName, type DimensionId } from '../../protocol/enums/dimensions.ts';
import type { LanguageCode } from '../../protocol/enums/languages.ts';
import { caveatName, notMeasuredReason } from '../../protocol/enums/measurement-limits.ts';
import type { AnnotationMarks, MeasurementLimit, SkinResult } from '../../protocol/skin-api/task-result.ts';
import type { Report } from '../kiosk-api/types.ts';
import { dimensionExplanation } from './dimension-texts.ts';

/** Whether the merchant shows a dimension (catalogue.dimensionEnabled). */
export type DimensionFilter = (id: DimensionId) => boolean;

/** The result's measured dimensions the merchant has enabled, in the table order of the specification. */
export function measuredDimensions(result: SkinResult, lang: LanguageCode, enabled: DimensionFilter): Report['dimensions'] {
  const byId = new Map(result.dimensions.map((d) => [d.dimension, d]));
  return DIMENSION_IDS.flatMap((id) => {
    const d = byId.get(id);
    if (!d || !enabled(id)) return [];
    return [
      {
        dimension: id,
        name: dimensionName(id, lang),
        level: d.level,
        levelName: levelName(id, d.level, lang) ?? String(d.level),
        score: d.score,
        explanation: dimensionExplanation(id, lang),
        annotations: d.annotations.map((a) => ({ view: a.view, ...(a.light ? { light: a.light } : {}), url: a.url, marks: (a.marks ?? []).map(reportMarks) })),
        caveats: uniqueLimits(d.caveats ?? []).map((reason) => ({ reason, name: caveatName(reason, lang) })),
      },
    ];
  });
}

/** An annotation's marks in the kiosk API's spelling; a size the analysis did not give stays absent (D-069). */
function reportMarks(m: AnnotationMarks): Report['dimensions'][number]['annotations'][number]['marks'][number] {
  return { kind: m.kind, count: m.count, ...(m.area_mm2 !== undefined ? { areaMm2: m.area_mm2 } : {}), ...(m.length_mm !== undefined ? { lengthMm: m.length_mm } : {}) };
}

/**
 * The enabled dimensions the analysis could not measure, in table order. A dimension listed both
 * as measured and as not measured (a platform bug) counts as measured: the measured list is the
 * older contract and the overall score was made from it.
 */
export function notMeasuredDimensions(result: SkinResult, lang: LanguageCode, enabled: DimensionFilter): Report['notMeasured'] {
  const measured = new Set(result.dimensions.map((d) => d.dimension));
  const reasons = notMeasuredReasons(result, enabled);
  return DIMENSION_IDS.flatMap((id) => {
    const reason = reasons[id];
    if (!reason || measured.has(id)) return [];
    return [{ dimension: id, name: dimensionName(id, lang), reason, reasonText: notMeasuredReason(reason, lang) }];
  });
}

/** One history point's scores and not-measured reasons, enabled dimensions only. */
export function historyFindings(result: SkinResult, enabled: DimensionFilter): { scores: Record<string, number>; notMeasured: Record<string, MeasurementLimit> } {
  const scores: Record<string, number> = {};
  for (const d of result.dimensions) if (enabled(d.dimension)) scores[d.dimension] = d.score;
  const notMeasured: Record<string, MeasurementLimit> = {};
  for (const [id, reason] of Object.entries(notMeasuredReasons(result, enabled))) if (!(id in scores)) notMeasured[id] = reason;
  return { scores, notMeasured };
}

/** Dimension -> reason; the first reason the analysis gave when it listed a dimension twice. */
function notMeasuredReasons(result: SkinResult, enabled: DimensionFilter): Partial<Record<DimensionId, MeasurementLimit>> {
  const reasons: Partial<Record<DimensionId, MeasurementLimit>> = {};
  for (const n of result.not_measured) if (enabled(n.dimension) && !reasons[n.dimension]) reasons[n.dimension] = n.reason;
  return reasons;
}

function uniqueLimits(limits: readonly MeasurementLimit[]): MeasurementLimit[] {
  return [...new Set(limits)];
}
