import type { DimensionId } from '../../../protocol/enums/dimensions.ts';
import type { Report } from '../../../main/kiosk-api/types.ts';
import type { Light, ResultsState, View } from './initialState.ts';

type Dimension = Report['dimensions'][number];
type NotMeasured = Report['notMeasured'][number];
type Annotation = Dimension['annotations'][number];

export { legendRows, type LegendRow } from './marks-legend.ts';
export { chartSeries, latestChange, seriesBand, type Change, type ChartPoint, type ChartSeries } from './history-series.ts';

/** Dimensions in the order the report lists them (the analysis decides it). */
export function dimensionOf(report: Report | null, id: DimensionId | null): Dimension | null {
  if (!report || !id) return null;
  return report.dimensions.find((d) => d.dimension === id) ?? null;
}

/** The dimension when this report could not measure it (D-033), else null. */
export function notMeasuredOf(report: Report | null, id: DimensionId | null): NotMeasured | null {
  if (!report || !id) return null;
  return report.notMeasured.find((d) => d.dimension === id) ?? null;
}

/** A dimension's name in the report's language, measured or not. */
export function dimensionNameOf(report: Report | null, id: DimensionId | null): string | null {
  return dimensionOf(report, id)?.name ?? notMeasuredOf(report, id)?.name ?? null;
}

/** The views and, per view, the lights that have an annotation for this dimension. */
export function annotationChoices(dimension: Dimension | null): { views: View[]; lights: (view: View) => Light[] } {
  const annotations = dimension?.annotations ?? [];
  const views = [...new Set(annotations.map((a) => a.view))];
  return {
    views,
    lights: (view) => [...new Set(annotations.filter((a) => a.view === view && a.light !== undefined).map((a) => a.light as Light))],
  };
}

/** The annotation for view + light; an annotation without light serves every light. */
export function annotationAt(dimension: Dimension | null, view: View, light: Light | null): Annotation | null {
  const annotations = dimension?.annotations ?? [];
  const exact = annotations.find((a) => a.view === view && (light === null || a.light === light));
  return exact ?? annotations.find((a) => a.view === view && a.light === undefined) ?? null;
}

/** The address of annotationAt's image. */
export function annotationUrl(dimension: Dimension | null, view: View, light: Light | null): string | null {
  return annotationAt(dimension, view, light)?.url ?? null;
}

export const resultsSelectors = {
  report: (s: ResultsState) => s.report,
  history: (s: ResultsState) => s.history,
  standing: (s: ResultsState) => s.standing,
  error: (s: ResultsState) => s.error,
  dimension: (s: ResultsState) => s.dimension,
  view: (s: ResultsState) => s.view,
  light: (s: ResultsState) => s.light,
  fallbackImage: (s: ResultsState) => s.fallbackImage,
  sessionId: (s: ResultsState) => s.sessionId,
  customerId: (s: ResultsState) => s.customerId,
};
