import { useTranslation } from 'react-i18next';
import type { Report } from '../../../../main/kiosk-api/types.ts';
import { formatDelta, formatScore } from '../../../lib/format.ts';
import { dimensionNameOf } from '../../../stores/results/selectors.ts';
import type { VisitChange } from '../../../stores/results/visit-changes.ts';

const TONE: Record<VisitChange['kind'], string> = {
  better: 'tone-good',
  worse: 'tone-attention',
  noise: 'tone-none',
  unknown_band: 'tone-none',
  not_comparable: 'tone-none',
};

/**
 * Every dimension's change between the two visits next to its own noise band (D-061): the verdict
 * "within measurement noise" is only given when the change is no larger than that band.
 */
export function ChangeTable({ report, changes }: { report: Report; changes: readonly VisitChange[] }) {
  const { t } = useTranslation();
  return (
    <table className="change-table" data-testid="visit-changes">
      <thead>
        <tr>
          <th scope="col">{t('results.visits.dimension')}</th>
          <th scope="col">{t('results.visits.before')}</th>
          <th scope="col">{t('results.visits.now')}</th>
          <th scope="col">{t('results.visits.change')}</th>
          <th scope="col">{t('results.visits.band')}</th>
        </tr>
      </thead>
      <tbody>
        {changes.map((c) => (
          <tr key={c.dimension} data-dimension={c.dimension} data-kind={c.kind} data-band={c.band ?? ''}>
            <th scope="row">{dimensionNameOf(report, c.dimension) ?? c.dimension}</th>
            <td>{c.before === null ? '—' : formatScore(c.before)}</td>
            <td>{c.after === null ? '—' : formatScore(c.after)}</td>
            <td>
              <span className={`badge ${TONE[c.kind]}`}>
                {c.delta === null ? t('results.visits.kind.not_comparable') : `${formatDelta(c.delta)} · ${t(`results.visits.kind.${c.kind}`)}`}
              </span>
            </td>
            <td>{c.band === null ? '—' : `±${formatScore(c.band)}`}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
