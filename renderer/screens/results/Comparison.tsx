import { useTranslation } from 'react-i18next';
import type { History, Report } from '../../../main/kiosk-api/types.ts';
import { dimensionOf, resultsSelectors } from '../../stores/results/selectors.ts';
import { useResultsStore } from '../../stores/results/store.ts';
import { HistoryChart } from './HistoryChart.tsx';

/** Comparison with this customer's earlier sessions, for the selected dimension or all of them. */
export function Comparison({ report, history }: { report: Report; history: History | null }) {
  const { t } = useTranslation();
  const dimensionId = useResultsStore(resultsSelectors.dimension);
  const selectDimension = useResultsStore((s) => s.selectDimension);
  const dimension = dimensionOf(report, dimensionId);
  const title = dimension ? dimension.name : t('results.compareOverall');
  return (
    <section className="card comparison" data-testid="comparison">
      <h2>
        {t('results.compare')} · {title}
      </h2>
      {dimension && (
        <button type="button" className="chip" onClick={() => selectDimension(null)}>
          {t('results.compareOverall')}
        </button>
      )}
      {history ? <HistoryChart history={history} dimension={dimensionId} title={title} /> : <p className="note">{t('results.noHistory')}</p>}
    </section>
  );
}
