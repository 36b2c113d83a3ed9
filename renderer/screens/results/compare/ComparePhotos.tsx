import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ALIGNMENT_TOLERANCE, cssTransformOf } from '../../../../common/kiosk/face-align.ts';
import type { VisitPhotos } from './useVisitPhotos.ts';

/** The wipe's height at most, in viewport heights: the table under it starts on the same screen. */
const STAGE_VH = 52;

interface Props {
  photos: VisitPhotos;
  mode: 'wipe' | 'side';
  beforeLabel: string;
  afterLabel: string;
}

/**
 * The two visits' photos, the earlier one moved onto the later one's face (D-061): a wipe with a
 * slider over one picture, or the two side by side on the same frame. Pictures are laid out left
 * to right in every script, as the history chart is: earlier on the left.
 */
export function ComparePhotos({ photos, mode, beforeLabel, afterLabel }: Props) {
  const { t } = useTranslation();
  const [position, setPosition] = useState(50);
  const { before, after, alignment } = photos;
  if (photos.loading) return <div className="compare-stage is-loading" data-testid="compare-photos" data-state="loading" />;
  if (!before || !after) {
    return (
      <p className="note" data-testid="compare-photos" data-state="missing">
        {t('results.visits.photoMissing')}
      </p>
    );
  }
  const aligned = alignment !== null && alignment.residual <= ALIGNMENT_TOLERANCE;
  const transform = alignment && aligned ? cssTransformOf(alignment, after.aspect) : undefined;
  const earlier = <img src={before.url} alt={beforeLabel} className="compare-img" style={{ transform, transformOrigin: '0 0' }} data-testid="compare-before" />;
  const later = <img src={after.url} alt={afterLabel} className="compare-img" data-testid="compare-after" />;
  const common = { 'data-testid': 'compare-photos', 'data-state': 'ready', 'data-aligned': aligned, 'data-method': alignment?.method ?? 'none' };
  const note = !aligned && <p className="note small">{t('results.visits.notAligned')}</p>;

  if (mode === 'side') {
    return (
      <>
        <div className="compare-side" dir="ltr" {...common}>
          <figure className="compare-stage" style={{ aspectRatio: after.aspect }}>
            {earlier}
            <figcaption className="compare-tag">{beforeLabel}</figcaption>
          </figure>
          <figure className="compare-stage" style={{ aspectRatio: after.aspect }}>
            {later}
            <figcaption className="compare-tag compare-tag-end">{afterLabel}</figcaption>
          </figure>
        </div>
        {note}
      </>
    );
  }
  return (
    <>
      <div className="compare-stage compare-wipe" dir="ltr" style={{ aspectRatio: after.aspect, inlineSize: `min(100%, ${(STAGE_VH * after.aspect).toFixed(2)}vh)` }} {...common}>
        {later}
        {/* The earlier photo shows left of the divider only: drag the slider to wipe between them. */}
        <div className="compare-clip" style={{ clipPath: `inset(0 ${100 - position}% 0 0)` }}>
          {earlier}
        </div>
        <div className="compare-divider" style={{ left: `${position}%` }} aria-hidden="true" />
        <span className="compare-tag">{beforeLabel}</span>
        <span className="compare-tag compare-tag-end">{afterLabel}</span>
        <input
          type="range"
          className="compare-slider"
          min={0}
          max={100}
          step={1}
          value={position}
          aria-label={t('results.visits.slider')}
          data-testid="compare-slider"
          onChange={(e) => setPosition(Number(e.target.value))}
        />
      </div>
      {note}
    </>
  );
}
