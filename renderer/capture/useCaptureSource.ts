import { useEffect, useRef, useState } from 'react';
import { errorMessage } from '../lib/kiosk.ts';
import { openCamera, type OpenedCamera } from '../camera/renderer-camera.ts';
import { useCaptureStore } from '../stores/capture/store.ts';
import { kioskSelectors } from '../stores/kiosk/selectors.ts';
import { useKioskStore } from '../stores/kiosk/store.ts';
import { useSessionStore } from '../stores/session/store.ts';
import { cameraHealth, shouldReopenCamera } from './camera-recovery.ts';
import { runCaptureLoop, type CaptureSource } from './capture-loop.ts';

/**
 * Opens the camera the device uses (the renderer's own for status.device.camera 'renderer',
 * main's simulated one otherwise) and runs the capture loop while the screen is mounted.
 * A renderer camera that was lost (or never opened) is opened again when the session leaves its
 * fault through "Try again" (camera-recovery.ts).
 * Answers the opened renderer camera (for the <video>) and a ref to attach the video element to.
 */
export function useCaptureSource(sessionId: string | null) {
  const usesRendererCamera = useKioskStore(kioskSelectors.usesRendererCamera);
  const prefs = useKioskStore(kioskSelectors.cameraPrefs);
  const sessionState = useSessionStore((s) => s.view?.state ?? null);
  const videoRef = useRef<HTMLVideoElement | null>(null);
  const [camera, setCamera] = useState<OpenedCamera | null>(null);
  const [openFailed, setOpenFailed] = useState(false);
  // Bumped to open the camera again; the open effect depends on it.
  const [attempt, setAttempt] = useState(0);
  const lastState = useRef(sessionState);

  // Open (and on leaving, release) the renderer camera.
  useEffect(() => {
    if (!usesRendererCamera) return;
    let opened: OpenedCamera | null = null;
    let cancelled = false;
    const store = useCaptureStore.getState();
    store.cameraStarting();
    setOpenFailed(false);
    openCamera(prefs).then(
      (cam) => {
        if (cancelled) return cam.close();
        opened = cam;
        setCamera(cam);
        useCaptureStore.getState().cameraReady({ width: cam.width, height: cam.height });
      },
      (error: unknown) => {
        if (cancelled) return;
        setOpenFailed(true);
        useCaptureStore.getState().cameraFailed(errorMessage(error));
      },
    );
    return () => {
      cancelled = true;
      opened?.close();
      setCamera(null);
    };
  }, [usesRendererCamera, prefs, attempt]);

  // "Try again" on a camera fault: ask for the camera again (it may have been plugged back in).
  useEffect(() => {
    const before = lastState.current;
    lastState.current = sessionState;
    if (usesRendererCamera && shouldReopenCamera(before, sessionState, cameraHealth(camera, openFailed))) setAttempt((n) => n + 1);
  }, [sessionState, usesRendererCamera, camera, openFailed]);

  // The loop runs once the source exists; leaving the screen aborts it.
  useEffect(() => {
    if (!sessionId) return;
    let source: CaptureSource | null = null;
    if (!usesRendererCamera) {
      useCaptureStore.getState().cameraStarting();
      source = { kind: 'simulated' };
    } else if (camera) {
      source = { kind: 'renderer', camera, video: () => videoRef.current };
    }
    if (!source) return;
    const abort = new AbortController();
    void runCaptureLoop(sessionId, source, abort.signal);
    return () => abort.abort();
  }, [sessionId, usesRendererCamera, camera]);

  return { camera, videoRef };
}
