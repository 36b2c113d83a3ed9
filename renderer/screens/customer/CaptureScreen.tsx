import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { TopBar } from '../../components/TopBar.tsx';
import { CameraPreview } from '../../capture/CameraPreview.tsx';
import { Countdown } from '../../capture/Countdown.tsx';
import { FaceGuide } from '../../capture/FaceGuide.tsx';
import { GuidanceHint } from '../../capture/GuidanceHint.tsx';
import { PoseArrows } from '../../capture/PoseArrows.tsx';
import { ProgressRail } from '../../capture/ProgressRail.tsx';
import { useCaptureSource } from '../../capture/useCaptureSource.ts';
import { captureSelectors } from '../../stores/capture/selectors.ts';
import { useCaptureStore } from '../../stores/capture/store.ts';
import { outlineMatch, sessionSelectors, viewStep } from '../../stores/session/selectors.ts';
import { useSessionStore } from '../../stores/session/store.ts';
import { CancelSessionButton } from './CancelSessionButton.tsx';
import { FaultPanel } from './FaultPanel.tsx';
import { StaffCaptureNow } from './StaffCaptureNow.tsx';
import { StuckHelp } from '../../capture/StuckHelp.tsx';
import { CallError } from '../../components/CallError.tsx';

/**
 * Live capture: preview with face guide, pose arrows, one hint at a time, the progress rail
 * through views and lights, and the countdown before each auto-capture.
 */
export function CaptureScreen() {
  const { t } = useTranslation();
  const view = useSessionStore(sessionSelectors.view);
  const sessionId = useSessionStore(sessionSelectors.sessionId);
  const sessionError = useSessionStore(sessionSelectors.error);
  const previewUrl = useCaptureStore(captureSelectors.previewUrl);
  const cameraState = useCaptureStore(captureSelectors.camera);
  const cameraError = useCaptureStore(captureSelectors.cameraError);
  const loopError = useCaptureStore(captureSelectors.loopError);
  const { camera, videoRef } = useCaptureSource(sessionId);
  const match = useMemo(() => outlineMatch(view), [view]);
  const step = viewStep(view);

  if (!view) return null;
  const ok = view.guidance?.ok === true || view.state === 'countdown';
  const capturing = view.state === 'capturing';

  return (
    <main className="screen capture" data-screen="capture" data-state={view.state}>
      <TopBar start={<CancelSessionButton />} />
      <div className="capture-layout">
        <section className="capture-stage">
          {view.current && (
            <p className="capture-step">
              <span className="badge badge-strong">{t('capture.step', step)}</span> {t(`capture.instruction.${view.current.view}`)}
            </p>
          )}
          <CameraPreview
            camera={camera}
            videoRef={videoRef}
            imageUrl={previewUrl}
            testId="capture-preview"
            overlay={<FaceGuide target={view.target} face={view.face} ok={ok} previousOutline={view.previousOutline} outlineMatches={match?.matches ?? null} />}
          >
            {view.state === 'live' && <PoseArrows issues={view.guidance?.issues ?? []} />}
            <Countdown />
            {capturing && (
              <div className="capturing-flash" data-testid="capturing">
                {view.current?.light && <span>{t('capture.capturingLight', { light: t(`capture.light.${view.current.light}`) })}</span>}
              </div>
            )}
            {cameraState === 'starting' && !previewUrl && !camera && <div className="preview-message">{t('capture.cameraStarting')}</div>}
          </CameraPreview>
        </section>
        <section className="capture-side">
          <GuidanceHint view={view} />
          {view.previousOutline && (
            <p className={match && !match.matches ? 'note note-warn' : 'note'} data-testid="outline-note" data-matches={match?.matches ?? ''}>
              {match && !match.matches ? t('capture.outlineMismatch') : t('capture.outlineHint')}
            </p>
          )}
          <ProgressRail view={view} />
          {cameraError && (
            <p className="note note-bad" role="alert">
              {t('capture.cameraError', { message: cameraError })}
            </p>
          )}
          {loopError && <CallError failure={loopError} className="note note-warn" />}
          {sessionError && <CallError failure={sessionError} className="note note-warn" />}
          {view.state === 'live' && view.help ? (
            <StuckHelp help={view.help}>
              <StaffCaptureNow />
            </StuckHelp>
          ) : (
            (view.state === 'live' || view.state === 'countdown') && <StaffCaptureNow />
          )}
        </section>
      </div>
      {view.state === 'fault' && <FaultPanel view={view} />}
    </main>
  );
}
