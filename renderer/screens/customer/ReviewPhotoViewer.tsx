import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { SessionView } from '../../../main/kiosk-api/types.ts';
import { Button } from '../../components/Button.tsx';
import { Modal } from '../../components/Modal.tsx';
import { ZoomableImage } from '../../components/ZoomableImage.tsx';
import { jpegUrl } from '../../camera/jpeg.ts';
import { kiosk } from '../../lib/kiosk.ts';

type Plan = SessionView['views'][number];
type Light = Plan['lights'][number];

/** Large enough to judge focus and open eyes when zoomed in on a 1080p panel. */
const LARGE_SIDE = 1600;

interface Props {
  sessionId: string;
  plan: Plan;
  light: Light;
  /** The review's small images by `view/light`: shown at once while the large one loads. */
  thumbnails: Readonly<Record<string, string>>;
  busy: boolean;
  onRetake: () => void;
  onClose: () => void;
}

/**
 * A review photo enlarged (issue 16 item 5, D-055): the shot at a size where blur and closed eyes
 * show, zoomable by pinch, wheel, buttons or keys, with the view's other lights one tap away and
 * its Retake right there. Escape or Close shuts it and gives the focus back to the photo that
 * opened it (Modal).
 */
export function ReviewPhotoViewer({ sessionId, plan, light: initial, thumbnails, busy, onRetake, onClose }: Props) {
  const { t } = useTranslation();
  const [light, setLight] = useState<Light>(initial);
  const large = useLargeShot(sessionId, plan.view, light);
  const src = large ?? thumbnails[`${plan.view}/${light}`] ?? null;
  const title = `${t(`capture.view.${plan.view}`)} · ${t(`capture.light.${light}`)}`;
  return (
    <Modal title={title} onClose={onClose} closeLabel={t('common.close')} className="modal-photo">
      <div className="photo-viewer" data-testid="photo-viewer" data-view={plan.view} data-light={light} data-large={large !== null}>
        {plan.lights.length > 1 && (
          <div className="chips" role="tablist" aria-label={t('results.lightLabel')}>
            {plan.lights.map((l) => (
              <button key={l} type="button" role="tab" aria-selected={l === light} className={l === light ? 'chip is-on' : 'chip'} data-light-tab={l} onClick={() => setLight(l)}>
                <span className={`light-swatch light-${l}`} aria-hidden="true" />
                {t(`capture.light.${l}`)}
              </button>
            ))}
          </div>
        )}
        {src ? (
          <ZoomableImage src={src} alt={title} labels={{ zoomIn: t('results.zoomIn'), zoomOut: t('results.zoomOut'), reset: t('results.zoomReset') }} />
        ) : (
          <div className="img-placeholder" />
        )}
        <p className="muted small">{t('review.zoomHint')}</p>
        <div className="action-row">
          <Button variant="secondary" disabled={busy} data-testid="viewer-retake" onClick={onRetake}>
            {t('review.retake', { view: t(`capture.view.${plan.view}`) })}
          </Button>
        </div>
      </div>
    </Modal>
  );
}

/** The shot at LARGE_SIDE as an object URL, released when another is shown or the viewer closes. */
function useLargeShot(sessionId: string, view: Plan['view'], light: Light): string | null {
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    let live = true;
    let made: string | null = null;
    setUrl(null);
    kiosk()
      .getCaptureImage({ sessionId, view, light, maxSide: LARGE_SIDE })
      .then(({ jpeg }) => {
        if (!live) return;
        made = jpegUrl(jpeg);
        setUrl(made);
      })
      .catch(() => {
        // The small image stays: still enough to tell a closed eye.
      });
    return () => {
      live = false;
      if (made) URL.revokeObjectURL(made);
    };
  }, [sessionId, view, light]);
  return url;
}
