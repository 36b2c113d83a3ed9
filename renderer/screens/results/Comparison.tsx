import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { History, Report } from '../../../main/kiosk-api/types.ts';
import { Button } from '../../components/Button.tsx';
import { formatVisitDate } from '../../lib/format.ts';
import { kioskSelectors } from '../../stores/kiosk/selectors.ts';
import { useKioskStore } from '../../stores/kiosk/store.ts';
import type { Light, View } from '../../stores/results/initialState.ts';
import { dimensionNameOf, resultsSelectors } from '../../stores/results/selectors.ts';
import { useResultsStore } from '../../stores/results/store.ts';
import { changeCounts, previousVisit, visitChanges } from '../../stores/results/visit-changes.ts';
import { VisitCompare } from './compare/VisitCompare.tsx';
import { visitCountsLine } from './compare/visit-counts.ts';
import { HistoryChart } from './HistoryChart.tsx';
import { historyUntil } from '../../stores/results/history-series.ts';

interface Props {
  report: Report;
  history: History | null;
  captured: { view: View; lights: Light[] }[];
}

/**
 * Comparison with this customer's earlier sessions, for the selected dimension or all of them; a
 * dimension measured in one visit and not the other is shown as not comparable (HistoryChart).
 * A returning customer sees first, in one line, what changed beyond measurement noise since the
 * visit before, and one tap opens the two visits side by side (D-061).
 */
export function Comparison({ report, history: wholeHistory, captured }: Props) {
  const { t } = useTranslation();
  const language = useKioskStore(kioskSelectors.language);
  const dimensionId = useResultsStore(resultsSelectors.dimension);
  const selectDimension = useResultsStore((s) => s.selectDimension);
  const [comparing, setComparing] = useState(false);
  const history = useMemo(() => historyUntil(wholeHistory, report.sessionId), [wholeHistory, report.sessionId]);
  // A dimension this visit could not measure is still chosen by name: its history shows why
  // there is no change to compare (D-033).
  const name = dimensionNameOf(report, dimensionId);
  const title = name ?? t('results.compareOverall');
  const before = previousVisit(history, report.sessionId);
  const current = history?.points.find((p) => p.sessionId === report.sessionId) ?? null;
  const counts = useMemo(() => (before && current && history ? changeCounts(visitChanges(before, current, history.noiseBand)) : null), [before, current, history]);
  return (
    <section className="card comparison" data-testid="comparison" data-returning={before !== null}>
      <h2>
        {t('results.compare')} · {title}
      </h2>
      {before && counts && (
        <div className="visit-summary">
          <p data-testid="since-last-visit">
            <strong>{t('results.visits.since', { date: formatVisitDate(before.createdAt, report.createdAt, language) })}</strong>{' '}
            {visitCountsLine(t, counts)}
          </p>
          <Button variant="primary" data-testid="open-visit-compare" onClick={() => setComparing(true)}>
            {t('results.visits.open', { date: formatVisitDate(before.createdAt, report.createdAt, language) })}
          </Button>
        </div>
      )}
      {name && (
        <button type="button" className="chip" onClick={() => selectDimension(null)}>
          {t('results.compareOverall')}
        </button>
      )}
      {history ? <HistoryChart history={history} dimension={dimensionId} title={title} /> : <p className="note">{t('results.noHistory')}</p>}
      {comparing && history && <VisitCompare report={report} history={history} captured={captured} onClose={() => setComparing(false)} />}
    </section>
  );
}
