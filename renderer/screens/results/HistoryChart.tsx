import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { DimensionId } from '../../../protocol/enums/dimensions.ts';
import type { History } from '../../../main/kiosk-api/types.ts';
import { formatDate, formatDateTime, formatDelta, formatScore } from '../../lib/format.ts';
import { kioskSelectors } from '../../stores/kiosk/selectors.ts';
import { useKioskStore } from '../../stores/kiosk/store.ts';
import { chartPoints, latestChange, noiseBand } from '../../stores/results/selectors.ts';

interface Props {
  history: History;
  dimension: DimensionId | null;
  title: string;
}

const W = 600;
const H = 240;
const PAD = { l: 44, r: 16, t: 16, b: 36 };

/**
 * Scores over this customer's sessions. The shaded band is the measurement noise of a change
 * between two sessions (history.noiseBand; provenance in main/kiosk/noise-band.ts): a change that
 * stays inside it is said to be noise, in words, not left for the customer to guess. Make-up sessions are hollow
 * points with a label. The y axis is always 0..100 so small changes are not blown up.
 */
export function HistoryChart({ history, dimension, title }: Props) {
  const { t } = useTranslation();
  const language = useKioskStore(kioskSelectors.language);
  const points = useMemo(() => chartPoints(history, dimension), [history, dimension]);
  const band = noiseBand(history, dimension);
  const change = latestChange(points, band);

  if (points.length < 2) return <p className="note" data-testid="no-history">{t('results.noHistory')}</p>;

  const x = (i: number) => PAD.l + (i * (W - PAD.l - PAD.r)) / Math.max(1, points.length - 1);
  const y = (score: number) => PAD.t + ((100 - Math.min(100, Math.max(0, score))) * (H - PAD.t - PAD.b)) / 100;
  const line = points.map((p, i) => `${i === 0 ? 'M' : 'L'}${x(i).toFixed(1)} ${y(p.score).toFixed(1)}`).join(' ');
  // Sessions on one day (a retake visit) are told apart by their time.
  const days = points.map((p) => new Date(p.createdAt).toDateString());
  const sameDay = new Set(days).size < days.length;
  // Labels at the ends are anchored inwards, so they stay inside the chart.
  const anchor = (i: number) => (i === 0 ? 'start' : i === points.length - 1 ? 'end' : 'middle');
  const b = band ?? 0;
  // The band is for the difference between two sessions (main/kiosk/noise-band.ts), so it is
  // drawn around the previous session's score, up to the latest: a latest point inside it moved
  // by no more than measurement noise.
  const prev = points[points.length - 2] as (typeof points)[number];
  const bandBox = { x: x(points.length - 2), w: x(points.length - 1) - x(points.length - 2), top: y(prev.score + b), bottom: y(prev.score - b) };

  return (
    <figure className="chart" data-testid="history-chart" data-points={points.length} data-band={b}>
      {/* Time runs left to right in every script: charts are not mirrored for Arabic. */}
      <svg viewBox={`0 0 ${W} ${H}`} role="img" aria-label={title} style={{ direction: 'ltr' }}>
        {[0, 25, 50, 75, 100].map((v) => (
          <g key={v}>
            <line x1={PAD.l} x2={W - PAD.r} y1={y(v)} y2={y(v)} className="chart-grid" />
            <text x={PAD.l - 8} y={y(v) + 5} textAnchor="end" className="chart-axis">
              {v}
            </text>
          </g>
        ))}
        {b > 0 && <rect x={bandBox.x} y={bandBox.top} width={bandBox.w} height={bandBox.bottom - bandBox.top} className="chart-band" data-testid="noise-band" />}
        <path d={line} className="chart-line" />
        {points.map((p, i) => (
          <g key={p.sessionId}>
            <circle cx={x(i)} cy={y(p.score)} r={7} className={p.makeup ? 'chart-point is-makeup' : 'chart-point'} />
            <text x={x(i)} y={H - 12} textAnchor={anchor(i)} className="chart-axis">
              {sameDay ? formatDateTime(p.createdAt, language) : formatDate(p.createdAt, language)}
            </text>
            {p.makeup && (
              <text x={x(i)} y={y(p.score) - 14} textAnchor={anchor(i)} className="chart-tag">
                {t('results.makeupPoint')}
              </text>
            )}
            {i === points.length - 1 && (
              <text x={x(i) - 12} y={y(p.score) + 24} textAnchor="end" className="chart-value">
                {formatScore(Math.round(p.score * 10) / 10)}
              </text>
            )}
          </g>
        ))}
      </svg>
      <figcaption>
        {change && (
          <p className={`change change-${change.kind}`} data-testid="latest-change" data-kind={change.kind}>
            {change.kind === 'noise'
              ? t('results.changeNoise', { delta: formatDelta(change.delta), band: formatScore(Math.round(change.band * 10) / 10) })
              : change.kind === 'up'
                ? t('results.changeUp', { delta: formatDelta(change.delta).replace('+', '') })
                : t('results.changeDown', { delta: formatDelta(change.delta) })}
          </p>
        )}
        {b > 0 && <p className="muted small">{t('results.noiseBand', { band: formatScore(Math.round(b * 10) / 10) })}</p>}
        {points.some((p) => p.makeup) && <p className="muted small">{t('results.makeupNote')}</p>}
      </figcaption>
    </figure>
  );
}
