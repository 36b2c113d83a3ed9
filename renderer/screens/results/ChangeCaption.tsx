import { useTranslation } from 'react-i18next';
import { formatDelta, formatScore } from '../../lib/format.ts';
import type { Change } from '../../stores/results/selectors.ts';

/**
 * The latest change in words: up, down, within measurement noise, or not comparable when one of
 * the two visits could not measure it (D-033: a gap is not a change).
 */
export function ChangeCaption({ change }: { change: Change }) {
  const { t } = useTranslation();
  if (!change) return null;
  if (change.kind === 'not_comparable') {
    return (
      <p className="change change-none" data-testid="latest-change" data-kind={change.kind}>
        {change.latestMeasured ? t('results.notComparableBefore') : t('results.notComparableNow')}
      </p>
    );
  }
  return (
    <p className={`change change-${change.kind}`} data-testid="latest-change" data-kind={change.kind}>
      {change.kind === 'unknown_band'
        ? t('results.changeNoBand', { delta: formatDelta(change.delta) })
        : change.kind === 'noise'
        ? t('results.changeNoise', { delta: formatDelta(change.delta), band: formatScore(Math.round(change.band * 10) / 10) })
        : change.kind === 'up'
          ? t('results.changeUp', { delta: formatDelta(change.delta).replace('+', '') })
          : t('results.changeDown', { delta: formatDelta(change.delta) })}
    </p>
  );
}
