import { useTranslation } from 'react-i18next';
import type { Report } from '../../../main/kiosk-api/types.ts';
import { formatDateTime, formatList } from '../../lib/format.ts';
import { kioskSelectors } from '../../stores/kiosk/selectors.ts';
import { useKioskStore } from '../../stores/kiosk/store.ts';
import { ScoreRing } from './ScoreRing.tsx';

/**
 * The overall picture: the overall score as measured, when, the skin condition at capture, the
 * three measured findings that most need attention, and which dimensions could not be measured
 * (D-033: the overall score is the platform's mean of the measured ones only).
 */
export function Summary({ report }: { report: Report }) {
  const { t } = useTranslation();
  const language = useKioskStore(kioskSelectors.language);
  const attention = [...report.dimensions].sort((a, b) => a.score - b.score).slice(0, 3);
  return (
    <section className="card summary" data-testid="summary">
      <ScoreRing score={report.overallScore} label={t('results.overall')} sublabel={t('results.outOf')} />
      <div className="summary-text">
        <p className="muted">{t('results.session', { date: formatDateTime(report.createdAt, language) })}</p>
        {report.skinCondition && (
          <p className={`flag flag-${report.skinCondition}`} data-testid="skin-condition-flag" data-condition={report.skinCondition}>
            {t('results.skinCondition', { condition: t(`customer.skin.${report.skinCondition}`) })}
          </p>
        )}
        {attention.length > 0 && (
          <ul className="summary-attention">
            {attention.map((d) => (
              <li key={d.dimension}>
                <strong>{d.name}</strong> · {d.levelName}
              </li>
            ))}
          </ul>
        )}
        {report.notMeasured.length > 0 && (
          <p className="muted small" data-testid="summary-not-measured">
            {t('results.notMeasuredSummary', { names: formatList(report.notMeasured.map((d) => d.name), language) })}
          </p>
        )}
        <p className="muted small">{t('results.rawNote')}</p>
      </div>
    </section>
  );
}
