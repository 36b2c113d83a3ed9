import { useTranslation } from 'react-i18next';
import { annotationColour } from '../../../protocol/enums/annotation-colours.ts';
import type { DimensionId } from '../../../protocol/enums/dimensions.ts';
import type { LanguageCode } from '../../../protocol/enums/languages.ts';
import { marksBelowGrade } from '../../../protocol/enums/marks-legend.ts';
import { kioskSelectors } from '../../stores/kiosk/selectors.ts';
import { useKioskStore } from '../../stores/kiosk/store.ts';
import type { LegendRow } from '../../stores/results/selectors.ts';

/** The shape a kind of mark is drawn as on the photo (platform/analysis/annotation-render.ts), in its colour. */
function MarkSwatch({ kind, colour }: { kind: LegendRow['kind'] | 'any'; colour: string }) {
  return (
    <svg className="mark-swatch" viewBox="0 0 24 24" aria-hidden="true" data-kind={kind}>
      {kind === 'spot' && <circle cx="12" cy="12" r="8" fill="none" stroke={colour} strokeWidth="3" />}
      {kind === 'line' && <polyline points="3,17 9,9 15,14 21,6" fill="none" stroke={colour} strokeWidth="3" strokeLinecap="round" strokeLinejoin="round" />}
      {(kind === 'area' || kind === 'any') && <rect x="3" y="5" width="18" height="14" rx="2" fill={colour} fillOpacity="0.35" stroke={colour} strokeWidth="2" />}
    </svg>
  );
}

function formatSize(value: number, lang: LanguageCode): string {
  return new Intl.NumberFormat(lang, { maximumFractionDigits: 1 }).format(value);
}

/**
 * The legend under a marked photo (issue 16 item 9, D-069): what the marks in this colour are,
 * how many the analysis located on this view and their summed size in millimetres on the face,
 * estimated from its scale (the note says so). Where the analysis gave no count, the legend says
 * what the colour marks and no number.
 */
export function MarksLegend({ dimension, name, rows, firstLevel = null }: { dimension: DimensionId; name: string; rows: readonly LegendRow[]; firstLevel?: string | null }) {
  // firstLevel: the level's name when it is the best of its table (D-124).
  const { t } = useTranslation();
  const language = useKioskStore(kioskSelectors.language);
  const colour = annotationColour(dimension);
  const sized = rows.some((r) => r.size !== null);
  return (
    <div className="marks-legend" data-testid="marks-legend" data-dimension={dimension}>
      <h3 className="marks-legend-title">{t('results.legend.title')}</h3>
      {rows.length === 0 ? (
        <p className="marks-legend-row" data-testid="marks-legend-unmarked">
          <MarkSwatch kind="any" colour={colour} />
          <span>{t('results.legend.unmarked', { dimension: name })}</span>
        </p>
      ) : (
        <ul className="marks-legend-rows">
          {rows.map((r) => (
            <li key={r.kind} className="marks-legend-row" data-testid="marks-legend-row" data-kind={r.kind} data-count={r.count} data-size={r.size?.value ?? ''}>
              <MarkSwatch kind={r.kind} colour={colour} />
              <span>
                <strong>{name}</strong> · {t(`results.legend.${r.kind}`, { count: r.count })}
                {r.size && ` · ${t(r.size.unit === 'mm' ? 'results.legend.length' : 'results.legend.area', { value: formatSize(r.size.value, language) })}`}
              </span>
            </li>
          ))}
        </ul>
      )}
      {/* "Spots: None" above "1 spot circled" reads as a contradiction: the legend says why (D-124). */}
      {marksBelowGrade(firstLevel, rows) && (
        <p className="small muted" data-testid="marks-legend-first-level">
          {t('results.legend.firstLevel', { level: firstLevel })}
        </p>
      )}
      {sized && <p className="small muted marks-legend-note">{t('results.legend.scale')}</p>}
    </div>
  );
}
