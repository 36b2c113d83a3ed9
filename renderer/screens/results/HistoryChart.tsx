import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { DimensionId } from '../../../protocol/enums/dimensions.ts';
import type { History } from '../../../main/kiosk-api/types.ts';
import { formatDate, formatDateTime, formatScore } from '../../lib/format.ts';
import { kioskSelectors } from '../../stores/kiosk/selectors.ts';
import { useKioskStore } from '../../stores/kiosk/store.ts';
import { chartSeries, latestChange, seriesBand, type ChartPoint } from '../../stores/results/selectors.ts';
import { ChangeCaption } from './ChangeCaption.tsx';

interface Props {
  history: History;
  dimension: DimensionId | null;
  title: string;
}

const W = 600;
const H = 240;
const PAD = { l: 44, r: 16, t: 16, b: 36 };
/**
 * Below this score the latest value is written above its point: under it, it would run into the
 * date written under the axis (a score of 3.2 printed its "3.2" over the date's time).
 */
const VALUE_ABOVE_BELOW_SCORE = 15;

/**
 * Scores over this customer's sessions. The shaded band is the measurement noise of a change
 * between two sessions (history.noiseBand; from measured repeatability, main/kiosk/noise-band.ts):
 * a change that stays inside it is said to be noise, in words, not left for the customer to guess.
 * A visit that could not measure the dimension (D-033) is a dashed gap with no score, the line
 * does not run across it, and no change or band is shown against it. Make-up sessions are hollow
 * points with a label. The y axis is always 0..100 so small changes are not blown up.
 */
export function HistoryChart({ history, dimension, title }: Props) {
  const { t } = useTranslation();
  const language = useKioskStore(kioskSelectors.language);
  const series = useMemo(() => chartSeries(history, dimension), [history, dimension]);
  const { points } = series;
  const band = seriesBand(history, series);
  const change = latestChange(points, band);

  if (points.length < 2) return <p className="note" data-testid="no-history">{t('results.noHistory')}</p>;

  const x = (i: number) => PAD.l + (i * (W - PAD.l - PAD.r)) / Math.max(1, points.length - 1);
  const y = (score: number) => PAD.t + ((100 - Math.min(100, Math.max(0, score))) * (H - PAD.t - PAD.b)) / 100;
  const line = linePath(points, x, y);
  // Sessions on one day (a retake visit) are told apart by their time.
  const days = points.map((p) => new Date(p.createdAt).toDateString());
  const sameDay = new Set(days).size < days.length;
  // Labels at the ends are anchored inwards, so they stay inside the chart.
  const anchor = (i: number) => (i === 0 ? 'start' : i === points.length - 1 ? 'end' : 'middle');
  // No band against a visit that measured nothing: there is no change for it to qualify.
  const b = change && (change.kind === 'up' || change.kind === 'down' || change.kind === 'noise') ? change.band : 0;
  // The band is for the difference between two sessions (main/kiosk/noise-band.ts), so it is
  // drawn around the previous session's score, up to the latest: a latest point inside it moved
  // by no more than measurement noise.
  const prevScore = points[points.length - 2]?.score ?? 0;
  const bandBox = { x: x(points.length - 2), w: x(points.length - 1) - x(points.length - 2), top: y(prevScore + b), bottom: y(prevScore - b) };

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
            {p.score === null ? (
              <g data-testid="chart-not-measured" data-reason={p.notMeasured ?? ''}>
                <line x1={x(i)} x2={x(i)} y1={y(100)} y2={y(0)} className="chart-gap" />
                <text x={x(i) + (anchor(i) === 'start' ? 6 : anchor(i) === 'end' ? -6 : 0)} y={y(50)} textAnchor={anchor(i)} className="chart-tag chart-gap-label">
                  {t('results.notMeasuredPoint')}
                </text>
              </g>
            ) : (
              <circle cx={x(i)} cy={y(p.score)} r={7} className={p.makeup ? 'chart-point is-makeup' : 'chart-point'} />
            )}
            <text x={x(i)} y={H - 12} textAnchor={anchor(i)} className="chart-axis" data-testid="chart-date">
              {sameDay ? formatDateTime(p.createdAt, language) : formatDate(p.createdAt, language)}
            </text>
            {p.makeup && p.score !== null && (
              <text x={x(i)} y={y(p.score) - (i === points.length - 1 && p.score < VALUE_ABOVE_BELOW_SCORE ? 34 : 14)} textAnchor={anchor(i)} className="chart-tag">
                {t('results.makeupPoint')}
              </text>
            )}
            {i === points.length - 1 && p.score !== null && (
              <text x={x(i) - 12} y={y(p.score) + (p.score < VALUE_ABOVE_BELOW_SCORE ? -14 : 24)} textAnchor="end" className="chart-value" data-testid="chart-value">
                {formatScore(Math.round(p.score * 10) / 10)}
              </text>
            )}
          </g>
        ))}
      </svg>
      <figcaption>
        <ChangeCaption change={change} />
        {b > 0 && <p className="muted small">{t('results.noiseBand', { band: formatScore(Math.round(b * 10) / 10) })}</p>}
        {series.leftOut > 0 && (
          <p className="muted small" data-testid="overall-common">
            {t('results.overallCommon', { count: series.dimensions.length })}
          </p>
        )}
        {points.some((p) => p.makeup) && <p className="muted small">{t('results.makeupNote')}</p>}
      </figcaption>
    </figure>
  );
}

/** The line through measured visits only: it breaks at a visit that measured nothing. */
function linePath(points: readonly ChartPoint[], x: (i: number) => number, y: (score: number) => number): string {
  let path = '';
  let drawing = false;
  points.forEach((p, i) => {
    if (p.score === null) {
      drawing = false;
      return;
    }
    path += `${drawing ? 'L' : 'M'}${x(i).toFixed(1)} ${y(p.score).toFixed(1)} `;
    drawing = true;
  });
  return path.trim();
}
