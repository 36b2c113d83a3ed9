import { useTranslation } from 'react-i18next';
import { previewJpeg, takeStill } from '../../camera/renderer-camera.ts';
import { useLivePreview } from '../../camera/useLivePreview.ts';
import { Button } from '../../components/Button.tsx';
import { useMainMessage } from '../../i18n/main-messages.ts';
import type { LightName } from '../../stores/technician/initialState.ts';
import { technicianSelectors } from '../../stores/technician/selectors.ts';
import { useTechnicianStore } from '../../stores/technician/store.ts';
import { CalibrationCheckPanel, CardArea } from './CalibrationCheckPanel.tsx';

/** The camera mounting offset main accepts (settings pitchOffset), degrees. */
const PITCH_LIMIT = 30;
/** Preview frames a pitch measurement reads, and their spacing: about a second of looking. */
const PITCH_FRAMES = 6;
const PITCH_FRAME_GAP_MS = 150;

async function previewFrames(video: HTMLVideoElement): Promise<Uint8Array<ArrayBuffer>[]> {
  const frames = [];
  for (let i = 0; i < PITCH_FRAMES; i++) {
    if (i > 0) await new Promise((resolve) => setTimeout(resolve, PITCH_FRAME_GAP_MS));
    frames.push(await previewJpeg(video));
  }
  return frames;
}

/**
 * Exposure and white balance per light against a grey card, saved per unit by main and applied
 * to every still of that light. Main switches the light on and lets it settle; the still is taken
 * while it is lit: by the renderer's camera (sent back with main's token), or by main's own
 * simulated camera, which shows a grey card itself. UV is not calibrated (docs/kiosk-core.md).
 * Also the camera mounting: the pitch a customer looking at the screen shows, for the guidance,
 * set by hand or measured on someone looking straight at the screen (main's measurePitch).
 */
export function CalibrationTab() {
  const { t } = useTranslation();
  const settings = useTechnicianStore(technicianSelectors.settings);
  const draft = useTechnicianStore(technicianSelectors.draft);
  const calibrating = useTechnicianStore(technicianSelectors.calibrating);
  const check = useTechnicianStore(technicianSelectors.calibrationCheck);
  const savingCalibration = useTechnicianStore(technicianSelectors.savingCalibration);
  const measuring = useTechnicianStore(technicianSelectors.measuringPitch);
  const reading = useTechnicianStore(technicianSelectors.pitchReading);
  const say = useMainMessage();
  const { calibrate, edit, measurePitch, saveCalibration, dismissCalibration } = useTechnicianStore.getState();
  const camera = settings?.camera;
  const renderer = camera?.source === 'renderer';
  const { camera: live, videoRef, error } = useLivePreview(renderer && camera ? { deviceId: camera.deviceId, width: camera.width, height: camera.height } : null);
  if (!settings || !draft) return null;

  function run(light: LightName) {
    if (!renderer) return void calibrate(light);
    if (!live) return;
    // Called by the store once main reports the light on and settled.
    void calibrate(light, () => takeStill(live, videoRef.current).catch(() => previewJpeg(videoRef.current as HTMLVideoElement, 1920)));
  }

  function measure() {
    if (!renderer) return void measurePitch();
    const video = videoRef.current;
    if (live && video) void measurePitch(() => previewFrames(video));
  }

  const pitch = draft.pitchOffset;
  const setPitch = (value: number) => edit((d) => ({ ...d, pitchOffset: Math.max(-PITCH_LIMIT, Math.min(PITCH_LIMIT, Math.round(value))) }));

  return (
    <div className="form">
      <p className="lead">{t('technician.calibration.hint')}</p>
      {/* In landscape the verdict sits beside the live picture, so the technician reads it without scrolling. */}
      <div className={`calibration-stage${renderer ? ' has-preview' : ''}`}>
        {renderer ? (
          <div className="tech-preview" aria-label={t('technician.calibration.markedArea')}>
            {live ? <video ref={videoRef} muted playsInline autoPlay /> : <div className="img-placeholder" />}
            <CardArea />
          </div>
        ) : (
          <p className="note">{t('technician.calibration.simulatedNote')}</p>
        )}
        {check && <CalibrationCheckPanel check={check} saving={savingCalibration} onSave={() => void saveCalibration()} onDismiss={dismissCalibration} />}
      </div>
      {error && <p className="note note-bad">{t('capture.cameraError', { message: error })}</p>}
      <ul className="rows" data-testid="calibration-rows">
        {settings.lights.map((light) => {
          const c = settings.calibration[light];
          const uv = light === 'uv';
          return (
            <li key={light} className="row" data-light={light}>
              <span className={`light-swatch light-${light}`} aria-hidden="true" />
              <strong className="row-label">{t(`capture.light.${light}`)}</strong>
              <span className="row-main muted" data-testid={`calibration-${light}`}>
                {uv
                  ? t('technician.calibration.notForUv')
                  : c
                    ? `${t('technician.calibration.exposure')} ${c.exposure.toFixed(2)} · ${t('technician.calibration.gains')} ${c.gains.map((g) => g.toFixed(2)).join(', ')}`
                    : t('technician.calibration.notYet')}
              </span>
              {!uv && (
                <Button variant="secondary" data-testid={`calibrate-${light}`} busy={calibrating === light} disabled={calibrating !== null || savingCalibration || (renderer && !live)} onClick={() => run(light)}>
                  {t('technician.calibration.calibrate')}
                </Button>
              )}
            </li>
          );
        })}
      </ul>
      <div className="field">
        <span>{t('technician.calibration.pitchOffset')}</span>
        <div className="row" data-testid="pitch-offset">
          <Button variant="secondary" aria-label="−1°" disabled={pitch <= -PITCH_LIMIT} onClick={() => setPitch(pitch - 1)}>
            −
          </Button>
          <strong className="row-main" data-testid="pitch-offset-value">
            {pitch > 0 ? `+${pitch}` : pitch}°
          </strong>
          <Button variant="secondary" aria-label="+1°" disabled={pitch >= PITCH_LIMIT} onClick={() => setPitch(pitch + 1)}>
            +
          </Button>
          <Button variant="secondary" data-testid="measure-pitch" busy={measuring} disabled={measuring || calibrating !== null || (renderer && !live)} onClick={measure}>
            {t('technician.calibration.measurePitch')}
          </Button>
        </div>
        {reading && (
          <p className={`note ${reading.ok ? '' : 'note-bad'}`} data-testid="pitch-reading" data-ok={reading.ok}>
            {say(reading.detail)}
          </p>
        )}
        <p className="muted small">{t('technician.calibration.pitchOffsetHint')}</p>
      </div>
    </div>
  );
}
