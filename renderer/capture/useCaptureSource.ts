import { useEffect, useRef, useState } from 'react';
import { errorMessage } from '../lib/kiosk.ts';
import { openCamera, type OpenedCamera } from '../camera/renderer-camera.ts';
import { useCaptureStore } from '../stores/capture/store.ts';
import { kioskSelectors } from '../stores/kiosk/selectors.ts';
import { useKioskStore } from '../stores/kiosk/store.ts';
import { runCaptureLoop, type CaptureSource } from './capture-loop.ts';

/**
 * Opens the camera the device uses (the renderer's own for status.device.camera 'renderer',
 * main's simulated one otherwise) and runs the capture loop while the screen is mounted.
 * Answers the opened renderer camera (for the <video>) and a ref to attach the video element to.
 */
export function useCaptureSource(sessionId: string | null) {
  const usesRendererCamera = useKioskStore(kioskSelectors.usesRendererCamera);
  const prefs = useKioskStore(kioskSelectors.cameraPrefs);
  const videoRef = useRef<HTMLVideoElement | null>(null);
  const [camera, setCamera] = useState<OpenedCamera | null>(null);

  // Open (and on leaving, release) the renderer camera.
  useEffect(() => {
    if (!usesRendererCamera) return;
    let opened: OpenedCamera | null = null;
    let cancelled = false;
    const store = useCaptureStore.getState();
    store.cameraStarting();
    openCamera(prefs).then(
      (cam) => {
        if (cancelled) return cam.close();
        opened = cam;
        setCamera(cam);
        useCaptureStore.getState().cameraReady({ width: cam.width, height: cam.height });
      },
      (error: unknown) => {
        if (!cancelled) useCaptureStore.getState().cameraFailed(errorMessage(error));
      },
    );
    return () => {
      cancelled = true;
      opened?.close();
      setCamera(null);
    };
  }, [usesRendererCamera, prefs]);

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
