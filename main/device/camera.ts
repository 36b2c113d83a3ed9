/**
 * The camera seen from the capture session: list devices, open one, pull preview frames for the
 * live checks and take full-resolution stills. Real cameras run in the renderer (getUserMedia,
 * issue 8) and reach main through a bridge shaped like `RendererCameraBridge`; the simulated
 * camera (simulated-camera.ts) implements the same interface in main.
 */
import type { LightSource, View } from '../../protocol/skin-api/api-codes.ts';
import type { RgbImage } from '../../vision/types.ts';

export interface CameraDeviceInfo {
  /** Stable id to put in the configuration (MediaDeviceInfo.deviceId for real cameras). */
  readonly id: string;
  readonly label: string;
}

/**
 * What the session is doing when it asks for a frame. Real cameras ignore it; the simulated one
 * uses `view` to show what a complying customer would present (the light it reads from its own
 * light controller, so a session that forgets to switch the light gets the wrong picture).
 */
export interface ShotContext {
  readonly view: View;
  readonly light: LightSource | null;
}

export interface StillImage {
  /** JPEG bytes as the camera delivered them (never re-encoded by the kiosk). */
  readonly jpeg: Uint8Array;
  readonly width: number;
  readonly height: number;
}

export interface OpenCamera {
  readonly info: CameraDeviceInfo;
  /** The next preview frame, decoded, at the configured preview size (e.g. 640x480). */
  previewFrame(context: ShotContext): Promise<RgbImage>;
  /** A full-resolution still (e.g. 4000x3000) as JPEG. */
  captureStill(context: ShotContext): Promise<StillImage>;
  close(): Promise<void>;
}

export interface CameraSource {
  listDevices(): Promise<readonly CameraDeviceInfo[]>;
  /** Opens the device with this id, or the first one when absent. */
  open(deviceId?: string): Promise<OpenCamera>;
}

/** The camera failed: not found, disconnected, or the still never arrived. */
export class CameraError extends Error {
  constructor(
    readonly code: 'not_found' | 'disconnected' | 'capture_failed',
    message: string,
    options?: { cause?: unknown },
  ) {
    super(message, options);
    this.name = 'CameraError';
  }
}

/**
 * Placeholder of what the renderer will offer main for real cameras (issue 8): main asks, the
 * renderer answers from its MediaStream. Frames cross the bridge as RGB bytes, stills as JPEG
 * bytes produced by ImageCapture.takePhoto() or a canvas. No implementation lives in main.
 */
export interface RendererCameraBridge {
  listDevices(): Promise<readonly CameraDeviceInfo[]>;
  open(request: { deviceId?: string; preview: { width: number; height: number }; still: { width: number; height: number } }): Promise<{ info: CameraDeviceInfo }>;
  previewFrame(): Promise<RgbImage>;
  captureStill(): Promise<StillImage>;
  close(): Promise<void>;
}
