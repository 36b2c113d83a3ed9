import { useEffect, useRef, useState } from 'react';
import { errorMessage } from '../lib/kiosk.ts';
import { openCamera, type CameraChoice, type OpenedCamera } from './renderer-camera.ts';

/**
 * A camera opened for as long as `choice` is non-null (technician preview and calibration).
 * Changing device or resolution reopens it, so the technician sees what the choice delivers.
 */
export function useLivePreview(choice: CameraChoice | null) {
  const videoRef = useRef<HTMLVideoElement | null>(null);
  const [camera, setCamera] = useState<OpenedCamera | null>(null);
  const [error, setError] = useState<string | null>(null);
  const key = choice ? `${choice.deviceId}|${choice.width}x${choice.height}` : '';

  useEffect(() => {
    if (!key || !choice) return;
    let opened: OpenedCamera | null = null;
    let cancelled = false;
    setError(null);
    openCamera(choice).then(
      (cam) => {
        if (cancelled) return cam.close();
        opened = cam;
        setCamera(cam);
      },
      (e: unknown) => !cancelled && setError(errorMessage(e)),
    );
    return () => {
      cancelled = true;
      opened?.close();
      setCamera(null);
    };
    // `choice` is summarised by `key`: a new object with the same values must not reopen.
  }, [key]);

  useEffect(() => {
    const video = videoRef.current;
    if (!video || !camera) return;
    video.srcObject = camera.stream;
    void video.play().catch(() => undefined);
    return () => {
      video.srcObject = null;
    };
  }, [camera]);

  return { camera, videoRef, error };
}
