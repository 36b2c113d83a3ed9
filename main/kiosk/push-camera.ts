/**
 * The renderer's camera as main sees it (docs/kiosk-sync.md, "Cameras"): the renderer opens the
 * real camera with getUserMedia and pushes JPEG preview frames (submitFrame) and full-resolution
 * stills (submitStill) through the kiosk API; the capture session pulls them through the usual
 * OpenCamera interface. A still is accepted only for the shot the session waits for, named by a
 * token made when the wait starts (after the light settled): the renderer learns it from the
 * session view and sends it back. No frame for `frameTimeoutMs` is a camera that was unplugged or whose
 * window stopped sending: the session faults with a message saying so.
 */
import { randomUUID } from 'node:crypto';
import sharp from 'sharp';
import type { LightSource, View } from '../../protocol/skin-api/api-codes.ts';
import type { RgbImage } from '../../vision/types.ts';
import type { ImageSize } from '../config/device-config.ts';
import { CameraError } from '../device/camera.ts';
import type { CameraDeviceInfo, CameraSource, OpenCamera, ShotContext, StillImage } from '../device/camera.ts';
import { invalid } from './errors.ts';

export interface PushCameraOptions {
  readonly preview: ImageSize;
  readonly frameTimeoutMs?: number;
  readonly stillTimeoutMs?: number;
}

interface Waiter<T> {
  resolve(value: T): void;
  reject(error: Error): void;
}

export const PUSH_CAMERA_ID = 'renderer';

/** The still the session waits for: the renderer shoots it and sends it back with the token. */
export interface StillRequest {
  readonly token: string;
  readonly view: View;
  readonly light: LightSource;
}

/** A renderer still checked to be a JPEG, with its size (submitStill decodes before it delivers). */
export async function readStill(jpeg: Uint8Array): Promise<StillImage> {
  let meta;
  try {
    meta = await sharp(jpeg).metadata();
  } catch (error) {
    throw invalid(`The still is not a readable JPEG: ${(error as Error).message}`, 'jpeg');
  }
  if (meta.format !== 'jpeg' || !meta.width || !meta.height) throw invalid('The still must be a JPEG image.', 'jpeg');
  return { jpeg, width: meta.width, height: meta.height };
}

/**
 * A renderer preview JPEG decoded within the preview size the live check expects, keeping the
 * camera's aspect ratio: the check must measure the picture the screen shows, or the face guide
 * and the size rules disagree (D-060; a 16:9 camera cropped to 4:3 had its faces measured on a
 * picture the customer never saw).
 */
export async function decodePreviewJpeg(jpeg: Uint8Array, size: ImageSize): Promise<RgbImage> {
  try {
    const { data, info } = await sharp(jpeg).resize(size.width, size.height, { fit: 'inside' }).removeAlpha().raw().toBuffer({ resolveWithObject: true });
    return { width: info.width, height: info.height, data: new Uint8Array(data.buffer, data.byteOffset, data.length) };
  } catch (error) {
    throw new CameraError('capture_failed', `The camera frame is not a readable JPEG: ${(error as Error).message}`, { cause: error });
  }
}

export class PushCamera implements CameraSource, OpenCamera {
  readonly info: CameraDeviceInfo = { id: PUSH_CAMERA_ID, label: 'Camera of the kiosk window (getUserMedia)' };
  private latest: RgbImage | null = null;
  private frameWaiter: Waiter<RgbImage> | null = null;
  private stillWaiter: { request: StillRequest; waiter: Waiter<StillImage> } | null = null;

  constructor(private readonly options: PushCameraOptions) {}

  async listDevices(): Promise<readonly CameraDeviceInfo[]> {
    return [this.info];
  }

  async open(): Promise<OpenCamera> {
    return this;
  }

  /** A preview JPEG from the renderer, decoded at the preview size the live check expects. */
  async pushFrame(jpeg: Uint8Array): Promise<void> {
    const frame = await decodePreviewJpeg(jpeg, this.options.preview);
    const waiter = this.frameWaiter;
    this.frameWaiter = null;
    if (waiter) waiter.resolve(frame);
    else this.latest = frame;
  }

  /**
   * Hands the still the session waits for to it: only with the token of that wait (stillRequest),
   * so a still taken early (before the light settled), for another shot or for an earlier session
   * is never used. False when nothing waits for this token: the caller answers conflict.
   */
  deliverStill(token: string, view: View, light: LightSource, still: StillImage): boolean {
    const pending = this.stillWaiter;
    if (!pending || pending.request.token !== token || pending.request.view !== view || pending.request.light !== light) return false;
    this.stillWaiter = null;
    pending.waiter.resolve(still);
    return true;
  }

  /** The still main waits for right now, if any: what the renderer must shoot and send back. */
  get stillRequest(): StillRequest | null {
    return this.stillWaiter?.request ?? null;
  }

  /**
   * Forgets everything of the session that used the camera (it faulted, reached review, ended):
   * waits for a frame or a still are abandoned and a frame not yet checked is dropped, so nothing
   * of one shot or customer can reach the next.
   */
  reset(): void {
    this.latest = null;
    const frame = this.frameWaiter;
    const still = this.stillWaiter;
    this.frameWaiter = null;
    this.stillWaiter = null;
    const abandoned = () => new CameraError('capture_failed', 'The capture was abandoned: the session moved on.');
    frame?.reject(abandoned());
    still?.waiter.reject(abandoned());
  }

  previewFrame(): Promise<RgbImage> {
    if (this.latest) {
      const frame = this.latest;
      this.latest = null;
      return Promise.resolve(frame);
    }
    const ms = this.options.frameTimeoutMs ?? 5000;
    return this.wait<RgbImage>(
      (waiter) => (this.frameWaiter = waiter),
      () => (this.frameWaiter = null),
      ms,
      `No picture from the camera for ${ms / 1000} s: check that the camera is plugged in (USB) and that no other program uses it, then retry.`,
    );
  }

  /**
   * Asks the renderer for a still (the session is at its shoot step: the light is on and has
   * settled) under a fresh token, and waits for it.
   */
  captureStill(context: ShotContext): Promise<StillImage> {
    const request: StillRequest = { token: randomUUID(), view: context.view, light: context.light ?? 'white' };
    // A wait still open belongs to a shot the session gave up: it must not take this one's still.
    this.stillWaiter?.waiter.reject(new CameraError('capture_failed', 'The capture was superseded by a newer one.'));
    const ms = this.options.stillTimeoutMs ?? 15_000;
    return this.wait<StillImage>(
      (waiter) => (this.stillWaiter = { request, waiter }),
      () => {
        if (this.stillWaiter?.request === request) this.stillWaiter = null;
      },
      ms,
      `The camera delivered no full-resolution still for ${request.view}/${request.light} within ${ms / 1000} s: check the camera connection, then retry.`,
    );
  }

  async close(): Promise<void> {
    this.latest = null;
    this.frameWaiter?.reject(new CameraError('disconnected', 'The camera was closed.'));
    this.stillWaiter?.waiter.reject(new CameraError('disconnected', 'The camera was closed.'));
    this.frameWaiter = null;
    this.stillWaiter = null;
  }

  private wait<T>(install: (w: Waiter<T>) => void, clear: () => void, ms: number, message: string): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      const timer = setTimeout(() => {
        clear();
        reject(new CameraError('disconnected', message));
      }, ms);
      install({ resolve: (v) => (clearTimeout(timer), resolve(v)), reject: (e) => (clearTimeout(timer), reject(e)) });
    });
  }
}
