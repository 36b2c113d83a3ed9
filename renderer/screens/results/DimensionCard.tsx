import { useTranslation } from 'react-i18next';
import type { Report } from '../../../main/kiosk-api/types.ts';
import { formatList, formatScore } from '../../lib/format.ts';
import { kioskSelectors } from '../../stores/kiosk/selectors.ts';
import { useKioskStore } from '../../stores/kiosk/store.ts';
import { resultsSelectors } from '../../stores/results/selectors.ts';
import { useResultsStore } from '../../stores/results/store.ts';
import { levelTone } from './tone.ts';

/**
 * One analysed dimension: its level name from the specification's table in the chosen language
 * (main answers levelName for the language asked), the raw score, and a plain explanation; what
 * made it less certain, when something did. Touching it shows its annotated image and history.
 */
export function DimensionCard({ d }: { d: Report['dimensions'][number] }) {
  const { t } = useTranslation();
  const language = useKioskStore(kioskSelectors.language);
  const selected = useResultsStore(resultsSelectors.dimension) === d.dimension;
  const selectDimension = useResultsStore((s) => s.selectDimension);
  // One tone for the level, used by its badge and its bar (tone.ts).
  const tone = levelTone(d.dimension, d.level);
  return (
    <button type="button" className={`card dimension${selected ? ' is-selected' : ''}`} aria-pressed={selected} data-dimension={d.dimension} onClick={() => selectDimension(d.dimension)}>
      <span className="dimension-head">
        <span className="dimension-name">{d.name}</span>
        <span className={`badge level tone-${tone}`} data-level={d.level} data-tone={tone}>
          {d.levelName}
        </span>
      </span>
      <span className="dimension-score">
        <span className="score-bar" aria-hidden="true">
          <span className={`score-fill tone-${tone}`} data-tone={tone} style={{ inlineSize: `${Math.min(100, Math.max(0, d.score))}%` }} />
        </span>
        <span className="score-number" data-testid="dimension-score" data-score={d.score}>
          {t('results.score')} {formatScore(d.score)}
        </span>
      </span>
      <span className="dimension-explanation">{d.explanation}</span>
      {d.caveats.length > 0 && (
        <span className="dimension-caveat" data-testid="dimension-caveat" data-caveats={d.caveats.map((c) => c.reason).join(' ')}>
          {t('results.lessCertain', { reasons: formatList(d.caveats.map((c) => c.name), language) })}
        </span>
      )}
    </button>
  );
}

/**
 * A dimension the analysis could not measure, with the reason and no level, bar or number
 * (D-033: a number we cannot defend is not shown as a measurement).
 */
export function NotMeasuredCard({ d }: { d: Report['notMeasured'][number] }) {
  const { t } = useTranslation();
  const selected = useResultsStore(resultsSelectors.dimension) === d.dimension;
  const selectDimension = useResultsStore((s) => s.selectDimension);
  return (
    <button
      type="button"
      className={`card dimension is-not-measured${selected ? ' is-selected' : ''}`}
      aria-pressed={selected}
      data-dimension={d.dimension}
      data-not-measured={d.reason}
      onClick={() => selectDimension(d.dimension)}
    >
      <span className="dimension-head">
        <span className="dimension-name">{d.name}</span>
      </span>
      <span className="dimension-not-measured" data-testid="not-measured-reason">
        {t('results.notMeasured', { reason: d.reasonText })}
      </span>
    </button>
  );
}
