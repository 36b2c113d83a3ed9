import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { GREY_CARD_AREA } from '../../../common/capture/grey-card-area.ts';
import { Button } from '../../components/Button.tsx';
import { useMainMessage } from '../../i18n/main-messages.ts';
import type { CalibrationCheck } from '../../stores/technician/initialState.ts';

interface Props {
  check: CalibrationCheck;
  saving: boolean;
  onSave: () => void;
  onDismiss: () => void;
}

/** The marked area over a picture of the whole frame, in the frame's own shares. */
export function CardArea() {
  const { left, top, width, height } = GREY_CARD_AREA;
  return <div className="card-area" data-testid="card-area" style={{ left: `${left * 100}%`, top: `${top * 100}%`, width: `${width * 100}%`, height: `${height * 100}%` }} />;
}

/** A JPEG from main as an object URL for as long as it is shown. */
function useJpegUrl(bytes: Uint8Array<ArrayBuffer> | null): string | null {
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    if (!bytes) return setUrl(null);
    const next = URL.createObjectURL(new Blob([bytes], { type: 'image/jpeg' }));
    setUrl(next);
    return () => URL.revokeObjectURL(next);
  }, [bytes]);
  return url;
}

/** sRGB 0..1 as a CSS colour, clipped at white as the corrected still is. */
const css = (rgb: readonly number[]) => `rgb(${rgb.map((v) => Math.round(Math.min(1, Math.max(0, v)) * 255)).join(' ')})`;

/**
 * What main made of a calibration still (D-060): a refusal with its reason and the picture it
 * judged (the marked area drawn on it), or the proposed correction with the picture before and
 * after it, the card's colour both ways and the values, to save or discard. Nothing changes the
 * unit's calibration before Save.
 */
export function CalibrationCheckPanel({ check, saving, onSave, onDismiss }: Props) {
  const { t } = useTranslation();
  const say = useMainMessage();
  const before = useJpegUrl(check.before);
  const after = useJpegUrl(check.after);
  const light = t(`capture.light.${check.light}`);
  const c = check.calibration;
  const corrected = c && check.card ? check.card.map((v, i) => v * c.gains[i]! * c.exposure) : null;
  // A new verdict comes into view (portrait puts it below the live picture), the page scrolling no further than needed.
  const panel = useRef<HTMLElement>(null);
  useEffect(() => {
    panel.current?.scrollIntoView({ block: 'nearest' });
  }, [check]);
  return (
    <section ref={panel} className={`calibration-check${check.ok ? '' : ' is-refused'}`} data-testid="calibration-check" data-ok={check.ok} data-reason={check.reason ?? ''} data-light={check.light}>
      <h3>{check.ok ? t('technician.calibration.proposed', { light }) : t('technician.calibration.refused', { light })}</h3>
      <p className={check.ok ? 'note' : 'note note-bad'} role={check.ok ? undefined : 'alert'} data-testid="calibration-detail">
        {say(check.detail)}
      </p>
      <div className="calibration-shots">
        <figure>
          <div className="shot">
            {before && <img src={before} alt={t('technician.calibration.before')} data-testid="calibration-before" />}
            <CardArea />
          </div>
          <figcaption>
            {check.card && <span className="card-swatch" style={{ background: css(check.card) }} title={t('technician.calibration.card')} />}
            {t('technician.calibration.before')}
          </figcaption>
        </figure>
        {after && (
          <figure>
            <div className="shot">
              <img src={after} alt={t('technician.calibration.after')} data-testid="calibration-after" />
              <CardArea />
            </div>
            <figcaption>
              {corrected && <span className="card-swatch" style={{ background: css(corrected) }} title={t('technician.calibration.card')} />}
              {t('technician.calibration.after')}
            </figcaption>
          </figure>
        )}
      </div>
      {c && (
        <p className="calibration-values" data-testid="calibration-values">
          {t('technician.calibration.exposure')} {c.exposure.toFixed(2)} · {t('technician.calibration.gains')} {c.gains.map((g) => g.toFixed(2)).join(', ')}
        </p>
      )}
      <div className="row">
        {check.ok && (
          <Button data-testid="calibration-save" busy={saving} onClick={onSave}>
            {t('technician.calibration.save')}
          </Button>
        )}
        <Button variant="secondary" data-testid="calibration-dismiss" disabled={saving} onClick={onDismiss}>
          {check.ok ? t('technician.calibration.dismiss') : t('technician.calibration.close')}
        </Button>
      </div>
    </section>
  );
}
