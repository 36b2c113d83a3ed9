import { useEffect, useState, type ReactNode, type RefObject } from 'react';
import type { OpenedCamera } from '../camera/renderer-camera.ts';

interface Props {
  camera: OpenedCamera | null;
  videoRef: RefObject<HTMLVideoElement | null>;
  /** Simulated frames (object URL) when there is no renderer camera. */
  imageUrl: string | null;
  /** Drawn over the picture in camera-image coordinates; mirrored with it. */
  overlay?: ReactNode;
  /** Drawn over the picture in screen coordinates (not mirrored): arrows, countdown. */
  children?: ReactNode;
  testId?: string;
}

/**
 * The live picture, mirrored like a mirror so "turn to your left" moves the face to the screen's
 * left. The box takes the frame's aspect ratio so overlays in normalised image coordinates land
 * on the face.
 */
export function CameraPreview({ camera, videoRef, imageUrl, overlay, children, testId }: Props) {
  const [aspect, setAspect] = useState(4 / 3);

  useEffect(() => {
    const video = videoRef.current;
    if (!video || !camera) return;
    video.srcObject = camera.stream;
    const onMeta = () => {
      if (video.videoWidth > 0) setAspect(video.videoWidth / video.videoHeight);
    };
    video.addEventListener('loadedmetadata', onMeta);
    void video.play().catch(() => undefined);
    return () => {
      video.removeEventListener('loadedmetadata', onMeta);
      video.srcObject = null;
    };
  }, [camera, videoRef]);

  return (
    <div className="preview" data-testid={testId} style={{ aspectRatio: String(aspect), ['--aspect' as string]: String(aspect) }}>
      <div className="preview-mirror">
        {camera ? (
          <video ref={videoRef} className="preview-media" muted playsInline autoPlay data-testid="preview-video" />
        ) : imageUrl ? (
          <img
            className="preview-media"
            src={imageUrl}
            alt=""
            data-testid="preview-image"
            onLoad={(e) => {
              const img = e.currentTarget;
              if (img.naturalWidth > 0) setAspect(img.naturalWidth / img.naturalHeight);
            }}
          />
        ) : (
          <div className="preview-media preview-empty" />
        )}
        {overlay}
      </div>
      {children}
    </div>
  );
}
