/**
 * Kiosk reports for renderer unit tests: a measured dimension placed at a level of its table and
 * a report around a list of them, with nothing else in it.
 */
import { DIMENSIONS, type DimensionId } from '../../protocol/enums/dimensions.ts';
import { uiMessage } from '../../main/kiosk-api/messages.ts';
import type { Report } from '../../main/kiosk-api/types.ts';

export type Measured = Report['dimensions'][number];

/** A measured dimension at the level `index` places into its table (0 = best) and a score. */
export function measured(dimension: DimensionId, index: number, score: number): Measured {
  const levels = DIMENSIONS[dimension].levels;
  const level = levels[Math.min(index, levels.length - 1)]?.id ?? 0;
  return { dimension, name: dimension, level, levelName: String(level), score, explanation: '', annotations: [], caveats: [] };
}

/** The index of a dimension's worst level (its table runs best to worst). */
export const worstIndex = (d: DimensionId): number => DIMENSIONS[d].levels.length - 1;

export function report(dimensions: Measured[], notMeasured: DimensionId[] = []): Report {
  return {
    sessionId: 's',
    stage: 'ready',
    progress: 1,
    stageDetail: uiMessage('sync.capturing'),
    taskId: null,
    createdAt: 0,
    skinCondition: 'clean',
    overallScore: 50,
    dimensions,
    notMeasured: notMeasured.map((dimension) => ({ dimension, name: dimension, reason: 'resolution', reasonText: 'too far' })),
    recommendations: [],
    shareUrl: null,
    shareExpiresAt: null,
    email: null,
  };
}
