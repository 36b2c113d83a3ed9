/**
 * The camera seen from the capture session: list devices, open one, pull preview frames for the
 * live checks and take full-resolution stills. Real cameras run in the renderer (getUserMedia):
 * it pushes JPEG frames and stills through the kiosk API into main/kiosk/push-camera.ts, which
 * implements this interface; the simulated camera (simulated-camera.ts) implements it in main.
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
