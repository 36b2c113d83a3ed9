import type { TFunction } from 'i18next';
import type { VisitChangeKind } from '../../../stores/results/visit-changes.ts';

/**
 * The one line a customer reads before the table: better, worse, within noise, and (when any)
 * those without a noise figure, so every change the table gives is counted (D-134); the rows
 * not measured in both visits say so in the table.
 */
export function visitCountsLine(t: TFunction, counts: Record<VisitChangeKind, number>): string {
  const line = t('results.visits.counts', { better: counts.better, worse: counts.worse, noise: counts.noise });
  return counts.unknown_band > 0 ? `${line} · ${t('results.visits.countsNoBand', { count: counts.unknown_band })}` : line;
}
