/**
 * The renderer's camera as main sees it (docs/kiosk-sync.md, "Cameras"): the renderer opens the
 * real camera with getUserMedia and pushes JPEG preview frames (submitFrame) and full-resolution
 * stills (submitStill) through the kiosk API; the capture session pulls them through the usual
 * OpenCamera interface. No frame for `frameTimeoutMs` is a camera that was unplugged or whose
 * window stopped sending: the session faults with a message saying so.
 */
import sharp from 'sharp';
import type { LightSource, View } from '../../protocol/skin-api/api-codes.ts';
import type { RgbImage } from '../../vision/types.ts';
import type { ImageSize } from '../config/device-config.ts';
import { CameraError } from '../device/camera.ts';
import type { CameraDeviceInfo, CameraSource, OpenCamera, ShotContext, StillImage } from '../device/camera.ts';

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

export class PushCamera implements CameraSource, OpenCamera {
  readonly info: CameraDeviceInfo = { id: PUSH_CAMERA_ID, label: 'Camera of the kiosk window (getUserMedia)' };
  private latest: RgbImage | null = null;
  private frameWaiter: Waiter<RgbImage> | null = null;
  private readonly stills = new Map<string, StillImage>();
  private stillWaiter: { key: string; waiter: Waiter<StillImage> } | null = null;

  constructor(private readonly options: PushCameraOptions) {}

  async listDevices(): Promise<readonly CameraDeviceInfo[]> {
    return [this.info];
  }

  async open(): Promise<OpenCamera> {
    return this;
  }

  /** A preview JPEG from the renderer, decoded at the preview size the live check expects. */
  async pushFrame(jpeg: Uint8Array): Promise<void> {
    const { width, height } = this.options.preview;
    let frame: RgbImage;
    try {
      const { data, info } = await sharp(jpeg).resize(width, height, { fit: 'cover' }).removeAlpha().raw().toBuffer({ resolveWithObject: true });
      frame = { width: info.width, height: info.height, data: new Uint8Array(data.buffer, data.byteOffset, data.length) };
    } catch (error) {
      throw new CameraError('capture_failed', `The camera frame is not a readable JPEG: ${(error as Error).message}`, { cause: error });
    }
    const waiter = this.frameWaiter;
    this.frameWaiter = null;
    if (waiter) waiter.resolve(frame);
    else this.latest = frame;
  }

  /** A still for (view, light), taken by the renderer when the session asked for it. */
  async pushStill(view: View, light: LightSource, jpeg: Uint8Array): Promise<void> {
    let meta;
    try {
      meta = await sharp(jpeg).metadata();
    } catch (error) {
      throw new CameraError('capture_failed', `The still is not a readable JPEG: ${(error as Error).message}`, { cause: error });
    }
    if (meta.format !== 'jpeg' || !meta.width || !meta.height) throw new CameraError('capture_failed', 'The still must be a JPEG image.');
    const still: StillImage = { jpeg, width: meta.width, height: meta.height };
    const key = `${view}/${light}`;
    if (this.stillWaiter?.key === key) {
      const { waiter } = this.stillWaiter;
      this.stillWaiter = null;
      waiter.resolve(still);
    } else this.stills.set(key, still);
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

  captureStill(context: ShotContext): Promise<StillImage> {
    const key = `${context.view}/${context.light ?? 'white'}`;
    const ready = this.stills.get(key);
    if (ready) {
      this.stills.delete(key);
      return Promise.resolve(ready);
    }
    const ms = this.options.stillTimeoutMs ?? 15_000;
    return this.wait<StillImage>(
      (waiter) => (this.stillWaiter = { key, waiter }),
      () => (this.stillWaiter = null),
      ms,
      `The camera delivered no full-resolution still for ${key} within ${ms / 1000} s: check the camera connection, then retry.`,
    );
  }

  async close(): Promise<void> {
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
