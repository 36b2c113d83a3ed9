import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { listCameras, STILL_RESOLUTIONS } from '../../camera/renderer-camera.ts';
import { useLivePreview } from '../../camera/useLivePreview.ts';
import { Button } from '../../components/Button.tsx';
import { Segmented } from '../../components/Segmented.tsx';
import { errorMessage } from '../../lib/kiosk.ts';
import { technicianSelectors } from '../../stores/technician/selectors.ts';
import { useTechnicianStore } from '../../stores/technician/store.ts';

/**
 * Camera source, device and still resolution, with a live preview of the choice. The choice is
 * saved to main (settings.camera) and kept by the renderer, which runs the camera.
 */
export function CameraTab() {
  const { t } = useTranslation();
  const draft = useTechnicianStore(technicianSelectors.draft);
  const edit = useTechnicianStore((s) => s.edit);
  const [devices, setDevices] = useState<{ deviceId: string; label: string }[]>([]);
  const [listError, setListError] = useState<string | null>(null);
  const [previewOn, setPreviewOn] = useState(true);
  const camera = draft?.camera;
  const renderer = camera?.source === 'renderer';
  const { camera: live, videoRef, error } = useLivePreview(renderer && previewOn && camera ? { deviceId: camera.deviceId, width: camera.width, height: camera.height } : null);

  useEffect(() => {
    if (!renderer) return;
    // Labels appear only once a camera was opened: list again when the preview starts.
    listCameras().then(setDevices, (e: unknown) => setListError(errorMessage(e)));
  }, [renderer, live]);

  if (!draft || !camera) return null;
  return (
    <div className="form">
      <Segmented
        label={t('technician.camera.source')}
        value={camera.source}
        testId="camera-source"
        options={(['simulated', 'renderer'] as const).map((s) => ({ value: s, label: t(`technician.camera.sources.${s}`) }))}
        onChange={(source) => edit((d) => ({ ...d, camera: { ...d.camera, source } }))}
      />
      {!renderer && <p className="note">{t('technician.camera.simulatedNote')}</p>}
      {renderer && (
        <>
          <div className="field">
            <span>{t('technician.camera.device')}</span>
            {devices.length === 0 && <p className="note">{listError ?? t('technician.camera.noDevices')}</p>}
            <div className="choice-list" role="radiogroup" data-testid="camera-devices">
              {devices.map((d) => {
                const on = camera.deviceId === d.deviceId || (camera.deviceId === '' && d === devices[0]);
                return (
                  <button key={d.deviceId} type="button" role="radio" aria-checked={on} className={`choice${on ? ' is-on' : ''}`} onClick={() => edit((s) => ({ ...s, camera: { ...s.camera, deviceId: d.deviceId } }))}>
                    {d.label}
                  </button>
                );
              })}
            </div>
          </div>
          <Segmented
            label={t('technician.camera.resolution')}
            value={`${camera.width}x${camera.height}`}
            testId="camera-resolution"
            options={STILL_RESOLUTIONS.map((r) => ({ value: `${r.width}x${r.height}`, label: `${r.width}×${r.height}` }))}
            onChange={(value) => {
              const [width, height] = value.split('x').map(Number);
              edit((s) => ({ ...s, camera: { ...s.camera, width: width ?? s.camera.width, height: height ?? s.camera.height } }));
            }}
          />
          <div className="field">
            <span>{t('technician.camera.preview')}</span>
            <div className="tech-preview" data-testid="tech-preview">
              {live ? <video ref={videoRef} muted playsInline autoPlay /> : <div className="img-placeholder" />}
            </div>
            {live && <p className="muted" data-testid="camera-actual">{t('technician.camera.actual', { width: live.width, height: live.height })}</p>}
            {error && <p className="note note-bad">{t('capture.cameraError', { message: error })}</p>}
            <Button variant="secondary" onClick={() => setPreviewOn(!previewOn)}>
              {previewOn ? t('technician.camera.stopPreview') : t('technician.camera.startPreview')}
            </Button>
          </div>
        </>
      )}
    </div>
  );
}
