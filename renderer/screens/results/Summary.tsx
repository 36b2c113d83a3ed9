import { useTranslation } from 'react-i18next';
import type { Report } from '../../../main/kiosk-api/types.ts';
import { formatDateTime, formatList } from '../../lib/format.ts';
import { kioskSelectors } from '../../stores/kiosk/selectors.ts';
import { useKioskStore } from '../../stores/kiosk/store.ts';
import { KeyFindings } from './KeyFindings.tsx';
import { ScoreRing } from './ScoreRing.tsx';

/**
 * What the report leads with (D-055): the overall score as measured, when, the skin condition at
 * capture, the few findings that matter each with its photo, and which dimensions could not be
 * measured (D-033: the overall score is the platform's mean of the measured ones only).
 */
export function Summary({ report }: { report: Report }) {
  const { t } = useTranslation();
  const language = useKioskStore(kioskSelectors.language);
  return (
    <section className="card summary" data-testid="summary">
      <div className="summary-top">
        <ScoreRing score={report.overallScore} size={200} label={t('results.overall')} sublabel={t('results.outOf')} />
        <div className="summary-text">
          <p className="muted">{t('results.session', { date: formatDateTime(report.createdAt, language) })}</p>
          {report.skinCondition && (
            <p className={`flag flag-${report.skinCondition}`} data-testid="skin-condition-flag" data-condition={report.skinCondition}>
              {t('results.skinCondition', { condition: t(`customer.skin.${report.skinCondition}`) })}
            </p>
          )}
          {report.notMeasured.length > 0 && (
            <p className="muted small" data-testid="summary-not-measured">
              {t('results.notMeasuredSummary', { names: formatList(report.notMeasured.map((d) => d.name), language) })}
            </p>
          )}
          <p className="muted small">{t('results.rawNote')}</p>
        </div>
      </div>
      <KeyFindings report={report} />
    </section>
  );
}
