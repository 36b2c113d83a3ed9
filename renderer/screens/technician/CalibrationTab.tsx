import { useTranslation } from 'react-i18next';
import { syntheticGreyCard } from '../../camera/jpeg.ts';
import { previewJpeg, takeStill } from '../../camera/renderer-camera.ts';
import { useLivePreview } from '../../camera/useLivePreview.ts';
import { Button } from '../../components/Button.tsx';
import type { LightName } from '../../stores/technician/initialState.ts';
import { technicianSelectors } from '../../stores/technician/selectors.ts';
import { useTechnicianStore } from '../../stores/technician/store.ts';

/**
 * Exposure and white balance per light against a grey card, saved per unit by main. The frame
 * comes from the camera the unit uses: the renderer's (a full still, like a capture) or, on the
 * simulated device, a synthetic grey frame.
 */
export function CalibrationTab() {
  const { t } = useTranslation();
  const settings = useTechnicianStore(technicianSelectors.settings);
  const calibrating = useTechnicianStore(technicianSelectors.calibrating);
  const { calibrate } = useTechnicianStore.getState();
  const camera = settings?.camera;
  const renderer = camera?.source === 'renderer';
  const { camera: live, videoRef, error } = useLivePreview(renderer && camera ? { deviceId: camera.deviceId, width: camera.width, height: camera.height } : null);
  if (!settings) return null;

  async function run(light: LightName) {
    let jpeg: Uint8Array<ArrayBuffer>;
    if (!renderer) jpeg = await syntheticGreyCard();
    else if (live) {
      // The frame must be lit by the light it calibrates: the light test switches it on.
      await useTechnicianStore.getState().testLight(light);
      jpeg = await takeStill(live, videoRef.current).catch(() => previewJpeg(videoRef.current as HTMLVideoElement, 1920));
    } else return;
    await calibrate(light, jpeg);
  }

  return (
    <div className="form">
      <p className="lead">{t('technician.calibration.hint')}</p>
      {renderer ? (
        <div className="tech-preview">{live ? <video ref={videoRef} muted playsInline autoPlay /> : <div className="img-placeholder" />}</div>
      ) : (
        <p className="note">{t('technician.calibration.simulatedNote')}</p>
      )}
      {error && <p className="note note-bad">{t('capture.cameraError', { message: error })}</p>}
      <ul className="rows" data-testid="calibration-rows">
        {settings.lights.map((light) => {
          const c = settings.calibration[light];
          return (
            <li key={light} className="row" data-light={light}>
              <span className={`light-swatch light-${light}`} aria-hidden="true" />
              <strong className="row-label">{t(`capture.light.${light}`)}</strong>
              <span className="row-main muted" data-testid={`calibration-${light}`}>
                {c
                  ? `${t('technician.calibration.exposure')} ${c.exposure.toFixed(2)} · ${t('technician.calibration.gains')} ${c.gains.map((g) => g.toFixed(2)).join(', ')}`
                  : t('technician.calibration.notYet')}
              </span>
              <Button variant="secondary" busy={calibrating === light} disabled={calibrating !== null || (renderer && !live)} onClick={() => void run(light)}>
                {t('technician.calibration.calibrate')}
              </Button>
            </li>
          );
        })}
      </ul>
    </div>
  );
}
