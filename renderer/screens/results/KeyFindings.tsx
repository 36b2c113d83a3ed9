import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Report } from '../../../main/kiosk-api/types.ts';
import { keyFindings } from '../../stores/results/concerns.ts';
import { resultsSelectors } from '../../stores/results/selectors.ts';
import { useResultsStore } from '../../stores/results/store.ts';
import { levelTone } from './tone.ts';
import { useOwnPhoto } from './useOwnPhoto.ts';

type Measured = Report['dimensions'][number];

/** The marked photo of a finding: its front annotation when there is one, else its first. */
function markedPhoto(d: Measured): string | null {
  return (d.annotations.find((a) => a.view === 'front') ?? d.annotations[0])?.url ?? null;
}

/** Brings the close-up into view where it is not beside the list (portrait), once it shows the finding. */
function showCloseUp(): void {
  if (!window.matchMedia('(orientation: portrait)').matches) return;
  requestAnimationFrame(() => document.querySelector('[data-testid="annotated-image"]')?.scrollIntoView({ block: 'start', behavior: 'smooth' }));
}

/**
 * The few findings that matter (issue 16 item 6, D-055), each with its photo: the marked photo
 * of that finding, or the kiosk's own front photo when the marked one cannot be loaded. A tap
 * opens it in the close-up with its history.
 */
export function KeyFindings({ report }: { report: Report }) {
  const { t } = useTranslation();
  const { findings, allGood } = keyFindings(report);
  const [unloadable, setUnloadable] = useState<ReadonlySet<string>>(() => new Set());
  const needOwn = findings.some((d) => {
    const url = markedPhoto(d);
    return url === null || unloadable.has(url);
  });
  const own = useOwnPhoto(report.sessionId, needOwn);
  const selected = useResultsStore(resultsSelectors.dimension);
  const selectDimension = useResultsStore((s) => s.selectDimension);
  if (findings.length === 0) return null;
  return (
    <div className="key-findings" data-testid="key-findings">
      <h3>{allGood ? t('results.keyAllGood') : t('results.keyFindings')}</h3>
      <ul>
        {findings.map((d) => {
          const marked = markedPhoto(d);
          const src = marked && !unloadable.has(marked) ? marked : own;
          const tone = levelTone(d.dimension, d.level);
          return (
            <li key={d.dimension}>
              <button
                type="button"
                className={`key-finding${selected === d.dimension ? ' is-selected' : ''}`}
                aria-pressed={selected === d.dimension}
                data-testid="key-finding"
                data-dimension={d.dimension}
                data-marked={src !== null && src === marked}
                onClick={() => {
                  selectDimension(d.dimension);
                  showCloseUp();
                }}
              >
                {src ? (
                  <img src={src} alt="" onError={marked === src ? () => setUnloadable((s) => new Set(s).add(marked)) : undefined} />
                ) : (
                  <span className="img-placeholder" aria-hidden="true" />
                )}
                <span className="key-finding-name">{d.name}</span>
                <span className={`badge level tone-${tone}`} data-tone={tone}>
                  {d.levelName}
                </span>
              </button>
            </li>
          );
        })}
      </ul>
    </div>
  );
}
