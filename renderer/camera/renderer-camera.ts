/**
 * Real cameras run in the renderer (docs/kiosk-core.md, Camera): getUserMedia with the
 * technician's device and resolution, preview frames drawn small for the live checks, and stills
 * at full resolution through ImageCapture (or the video frame on a canvas where ImageCapture is
 * missing or fails). Bytes sent to main are never mirrored: main's pose signs assume the camera's
 * own image; only the on-screen preview is mirrored (CSS).
 */
import { blobAsJpeg, drawJpeg, type Bytes } from './jpeg.ts';

export interface CameraChoice {
  /** '' for the first camera. */
  deviceId: string;
  width: number;
  height: number;
}

export interface OpenedCamera {
  readonly stream: MediaStream;
  readonly track: MediaStreamTrack;
  /** What the camera actually delivers (it may not honour the ideal resolution). */
  readonly width: number;
  readonly height: number;
  readonly deviceId: string;
  readonly label: string;
  /**
   * False once the track ended (camera unplugged, track stopped): the <video> then keeps its last
   * size and shows black, so its size says nothing about whether pictures still come.
   */
  isLive(): boolean;
  close(): void;
}

/** The camera's track ended: nothing it shows now is a picture of the customer. */
export class CameraLostError extends Error {
  constructor() {
    super('the camera stopped delivering pictures (unplugged or switched off)');
    this.name = 'CameraLostError';
  }
}

/** The part of a MediaStreamTrack that says whether it still delivers frames. */
export type TrackState = Pick<MediaStreamTrack, 'readyState'>;

/** A track delivers frames only while live; `stop()` ends it without an 'ended' event, an unplug with one. */
export function trackDelivers(track: TrackState, endedEventSeen: boolean): boolean {
  return !endedEventSeen && track.readyState === 'live';
}

/** The video element shows a stream none of whose video tracks is live any more. */
function videoStreamEnded(video: HTMLVideoElement): boolean {
  const stream = video.srcObject;
  if (typeof MediaStream === 'undefined' || !(stream instanceof MediaStream)) return false;
  return !stream.getVideoTracks().some((t) => trackDelivers(t, false));
}

/** The part of ImageCapture we use; TypeScript's DOM library does not declare it. */
interface ImageCaptureLike {
  takePhoto(settings?: { imageWidth?: number; imageHeight?: number }): Promise<Blob>;
  getPhotoCapabilities(): Promise<{ imageWidth?: { max?: number }; imageHeight?: { max?: number } }>;
  grabFrame(): Promise<ImageBitmap>;
}
type ImageCaptureCtor = new (track: MediaStreamTrack) => ImageCaptureLike;

function imageCaptureCtor(): ImageCaptureCtor | null {
  const ctor = (globalThis as unknown as { ImageCapture?: ImageCaptureCtor }).ImageCapture;
  return typeof ctor === 'function' ? ctor : null;
}

export const STILL_RESOLUTIONS: readonly { width: number; height: number }[] = [
  { width: 640, height: 480 },
  { width: 1280, height: 720 },
  { width: 1920, height: 1080 },
  { width: 2592, height: 1944 },
  { width: 3840, height: 2160 },
  { width: 4000, height: 3000 },
];

export function camerasAvailable(): boolean {
  return typeof navigator !== 'undefined' && navigator.mediaDevices !== undefined;
}

export async function listCameras(): Promise<{ deviceId: string; label: string }[]> {
  if (!camerasAvailable()) return [];
  const devices = await navigator.mediaDevices.enumerateDevices();
  return devices
    .filter((d) => d.kind === 'videoinput')
    .map((d, i) => ({ deviceId: d.deviceId, label: d.label || `Camera ${i + 1}` }));
}

export async function openCamera(choice: CameraChoice): Promise<OpenedCamera> {
  if (!camerasAvailable()) throw new Error('navigator.mediaDevices is missing (the page must be served from a secure origin)');
  const video: MediaTrackConstraints = {
    width: { ideal: choice.width },
    height: { ideal: choice.height },
    ...(choice.deviceId ? { deviceId: { exact: choice.deviceId } } : {}),
  };
  const stream = await navigator.mediaDevices.getUserMedia({ video, audio: false });
  const track = stream.getVideoTracks()[0];
  if (!track) throw new Error('the camera gave no video track');
  const settings = track.getSettings();
  let ended = false;
  track.addEventListener('ended', () => (ended = true), { once: true });
  return {
    stream,
    track,
    width: settings.width ?? choice.width,
    height: settings.height ?? choice.height,
    deviceId: settings.deviceId ?? choice.deviceId,
    label: track.label,
    isLive: () => trackDelivers(track, ended),
    close() {
      for (const t of stream.getTracks()) t.stop();
    },
  };
}

/** A preview frame for the live checks: about 640 px wide (docs/kiosk-core.md, preview size). */
export function previewJpeg(video: HTMLVideoElement, maxWidth = 640): Promise<Bytes> {
  if (videoStreamEnded(video)) return Promise.reject(new CameraLostError());
  if (video.videoWidth === 0) return Promise.reject(new Error('no video frame yet'));
  return drawJpeg(video, video.videoWidth, video.videoHeight, maxWidth, 0.8);
}

/**
 * A full-resolution still. ImageCapture.takePhoto asks the sensor for its largest photo; when the
 * browser or camera refuses, grabFrame, then the playing video frame on a canvas, at the size the
 * camera delivers. A camera whose track ended is refused (CameraLostError): the dead video would
 * give a black still that looks like a photo.
 */
export async function takeStill(camera: OpenedCamera, video: HTMLVideoElement | null): Promise<Bytes> {
  if (!camera.isLive()) throw new CameraLostError();
  const Ctor = imageCaptureCtor();
  if (Ctor) {
    const capture = new Ctor(camera.track);
    try {
      const caps = await capture.getPhotoCapabilities();
      const blob = await capture.takePhoto({ imageWidth: caps.imageWidth?.max, imageHeight: caps.imageHeight?.max });
      return await blobAsJpeg(blob, 0.95);
    } catch {
      // Fall through: several UVC cameras support streaming but not the photo API.
    }
    try {
      const bitmap = await capture.grabFrame();
      try {
        return await drawJpeg(bitmap, bitmap.width, bitmap.height, bitmap.width, 0.95);
      } finally {
        bitmap.close();
      }
    } catch {
      // Fall through to the video element.
    }
  }
  // The track may have ended while ImageCapture tried.
  if (!camera.isLive() || (video && videoStreamEnded(video))) throw new CameraLostError();
  if (!video || video.videoWidth === 0) throw new Error('no video frame to capture');
  return drawJpeg(video, video.videoWidth, video.videoHeight, video.videoWidth, 0.95);
}
