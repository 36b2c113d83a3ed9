import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Report } from '../../../main/kiosk-api/types.ts';
import { concernGroups, type Concern, type ConcernGroup } from '../../stores/results/concerns.ts';
import { DimensionCard, NotMeasuredCard } from './DimensionCard.tsx';
import { levelTone } from './tone.ts';

/**
 * Every dimension of the report, grouped by concern (D-055): each group is one line with its most
 * pressing finding and its counts, and opens to the full cards on a tap (details on demand: the
 * page stays short enough to read standing at a counter). Dimensions the analysis could not
 * measure stay in their group, counted in its line and shown with their reason when it opens
 * (D-033). Cards of a closed group stay in the document, hidden, so they keep their place for
 * assistive technology and a language change.
 */
export function DimensionList({ report }: { report: Report }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState<ReadonlySet<Concern>>(() => new Set());
  const toggle = (concern: Concern) =>
    setOpen((s) => {
      const next = new Set(s);
      if (!next.delete(concern)) next.add(concern);
      return next;
    });
  return (
    <section className="dimensions" aria-label={t('results.findings')}>
      <h2>{t('results.findings')}</h2>
      <ul className="concern-list">
        {concernGroups(report).map((group) => (
          <ConcernItem key={group.concern} group={group} open={open.has(group.concern)} onToggle={() => toggle(group.concern)} />
        ))}
      </ul>
    </section>
  );
}

function ConcernItem({ group, open, onToggle }: { group: ConcernGroup; open: boolean; onToggle: () => void }) {
  const { t } = useTranslation();
  const { concern, measured, notMeasured, worst } = group;
  const tone = worst ? levelTone(worst.dimension, worst.level) : 'none';
  const counts = [measured.length > 0 ? t('results.concernMeasured', { count: measured.length }) : null, notMeasured.length > 0 ? t('results.concernNotMeasured', { count: notMeasured.length }) : null]
    .filter(Boolean)
    .join(' · ');
  const bodyId = `concern-${concern}`;
  return (
    <li className={`card concern${open ? ' is-open' : ''}`} data-concern={concern}>
      <button type="button" className="concern-head" aria-expanded={open} aria-controls={bodyId} data-testid={`concern-${concern}`} onClick={onToggle}>
        <span className="concern-title">
          <span className="concern-name">{t(`results.concern.${concern}`)}</span>
          <span className="concern-counts muted">{counts}</span>
        </span>
        {worst && (
          <span className="concern-worst">
            <span className="concern-worst-name">{worst.name}</span>
            <span className={`badge level tone-${tone}`} data-tone={tone}>
              {worst.levelName}
            </span>
          </span>
        )}
        <span className="concern-toggle">{open ? t('results.hideDetails') : t('results.showDetails')}</span>
      </button>
      <ul className="dimension-grid" id={bodyId} hidden={!open}>
        {measured.map((d) => (
          <li key={d.dimension}>
            <DimensionCard d={d} />
          </li>
        ))}
        {notMeasured.map((d) => (
          <li key={d.dimension}>
            <NotMeasuredCard d={d} />
          </li>
        ))}
      </ul>
    </li>
  );
}
