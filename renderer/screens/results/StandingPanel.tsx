import { useEffect } from 'react';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import type { Report, StandingResult } from '../../../main/kiosk-api/types.ts';
import type { LanguageCode } from '../../../protocol/enums/languages.ts';
import { formatList } from '../../lib/format.ts';
import { kioskSelectors } from '../../stores/kiosk/selectors.ts';
import { useKioskStore } from '../../stores/kiosk/store.ts';
import { resultsSelectors } from '../../stores/results/selectors.ts';
import { useResultsStore } from '../../stores/results/store.ts';

type Available = Extract<StandingResult, { available: true }>;

/**
 * Where you stand (issue 16 item 8, D-066): per measured dimension, the share of the merchant's
 * customers of the same age band whose score is lower, from the platform. A dimension with too
 * few people to compare says so instead of a figure; offline the panel says it is not available.
 */
export function StandingPanel({ report }: { report: Report }) {
  const { t } = useTranslation();
  const language = useKioskStore(kioskSelectors.language);
  const standing = useResultsStore(resultsSelectors.standing);
  const loadStanding = useResultsStore((s) => s.loadStanding);

  useEffect(() => {
    void loadStanding();
  }, [report.sessionId, loadStanding]);

  return (
    <section className="card standing" data-testid="standing" data-state={standing === null ? 'loading' : standing.available ? 'ready' : 'unavailable'}>
      <h2>{t('results.standing.title')}</h2>
      {standing === null ? (
        <p className="note">{t('results.standing.loading')}</p>
      ) : !standing.available ? (
        <p className="note" data-testid="standing-unavailable">
          {t('results.standing.unavailable')}
        </p>
      ) : (
        <StandingList report={report} standing={standing} language={language} />
      )}
    </section>
  );
}

/**
 * The placed dimensions one line each; those with too few people to compare in one sentence,
 * so a new store (where every group is still small) shows two lines, not a list of refusals.
 */
function StandingList({ report, standing, language }: { report: Report; standing: Available; language: LanguageCode }) {
  const { t } = useTranslation();
  const percent = new Intl.NumberFormat(language, { style: 'percent', maximumFractionDigits: 0 });
  const byDimension = new Map(standing.dimensions.map((d) => [d.dimension, d.percentile]));
  // In the report's order and with its names; a dimension the platform did not place is left out.
  const rows = report.dimensions.filter((d) => byDimension.has(d.dimension)).map((d) => ({ id: d.dimension, name: d.name, percentile: byDimension.get(d.dimension) ?? null }));
  const placed = rows.flatMap((r) => (r.percentile === null ? [] : [{ ...r, percentile: r.percentile }]));
  const tooFew = rows.filter((r) => r.percentile === null);
  return (
    <>
      <p className="muted" data-testid="standing-group">
        {groupSentence(standing.ageBand, t)}
      </p>
      {placed.length > 0 && (
        <ul className="standing-list">
          {placed.map((row) => (
            <li key={row.id} className="standing-row" data-dimension={row.id} data-percentile={row.percentile}>
              <span className="standing-name">{row.name}</span>
              <span className="standing-bar" aria-hidden="true">
                <span className="standing-fill" style={{ inlineSize: `${row.percentile}%` }} />
              </span>
              <span className="standing-text">{betterSentence(row.percentile, percent, t)}</span>
            </li>
          ))}
        </ul>
      )}
      {tooFew.length > 0 && (
        <p data-testid="standing-too-few" data-dimensions={tooFew.map((r) => r.id).join(' ')}>
          {placed.length === 0
            ? t('results.standing.noneYet', { minimum: standing.minGroupSize })
            : t('results.standing.tooFew', { names: formatList(tooFew.map((r) => r.name), language), minimum: standing.minGroupSize })}
        </p>
      )}
      {/* How the figures are made matters only where there are figures; a new store's panel stays two lines. */}
      {placed.length > 0 && <p className="muted small">{t('results.standing.method')}</p>}
    </>
  );
}

/** "Compared with customers aged 30–39 …", the youngest and oldest bands and unknown ages in words of their own. */
function groupSentence(band: Available['ageBand'], t: TFunction): string {
  if (band === null) return t('results.standing.groupAll');
  if (band.from === 0 && band.to !== null) return t('results.standing.groupUnder', { age: band.to + 1 });
  if (band.to === null) return t('results.standing.groupOver', { age: band.from });
  return t('results.standing.group', { from: band.from, to: band.to });
}

/** "Better than 70 % of them"; the ends in words, since "better than 0 %" helps no one read it. */
function betterSentence(percentile: number, percent: Intl.NumberFormat, t: TFunction): string {
  if (percentile === 100) return t('results.standing.betterAll');
  if (percentile === 0) return t('results.standing.betterNone');
  return t('results.standing.better', { percent: percent.format(percentile / 100) });
}
