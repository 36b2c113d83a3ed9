import { useTranslation } from 'react-i18next';
import type { History, Report } from '../../../main/kiosk-api/types.ts';
import { dimensionNameOf, resultsSelectors } from '../../stores/results/selectors.ts';
import { useResultsStore } from '../../stores/results/store.ts';
import { HistoryChart } from './HistoryChart.tsx';

/**
 * Comparison with this customer's earlier sessions, for the selected dimension or all of them; a
 * dimension measured in one visit and not the other is shown as not comparable (HistoryChart).
 */
export function Comparison({ report, history }: { report: Report; history: History | null }) {
  const { t } = useTranslation();
  const dimensionId = useResultsStore(resultsSelectors.dimension);
  const selectDimension = useResultsStore((s) => s.selectDimension);
  // A dimension this visit could not measure is still chosen by name: its history shows why
  // there is no change to compare (D-033).
  const name = dimensionNameOf(report, dimensionId);
  const title = name ?? t('results.compareOverall');
  return (
    <section className="card comparison" data-testid="comparison">
      <h2>
        {t('results.compare')} · {title}
      </h2>
      {name && (
        <button type="button" className="chip" onClick={() => selectDimension(null)}>
          {t('results.compareOverall')}
        </button>
      )}
      {history ? <HistoryChart history={history} dimension={dimensionId} title={title} /> : <p className="note">{t('results.noHistory')}</p>}
    </section>
  );
}
