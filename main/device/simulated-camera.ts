/**
 * SIMULATION ONLY: a camera that serves real face photos (test/fixtures/faces) for each view, as
 * a complying customer would present them, under the light its simulated light controller has
 * on (light-synthesis.ts). Views (docs/kiosk-core.md, "Simulation"):
 * - front: sample6-frontal.jpg;
 * - right: sample5-side-glance.jpg as is (the head is turned to the subject's right, yaw < 0);
 * - left: the same photo mirrored (turned to the subject's left, yaw > 0).
 * Stills are upscaled to the configured size (4000x3000 for benchmarks), so their detail is the
 * fixture's, not a real 12-MP sensor's.
 */
import { fileURLToPath } from 'node:url';
import { join } from 'node:path';
import sharp from 'sharp';
import type { LightSource, View } from '../../protocol/skin-api/api-codes.ts';
import type { RgbImage } from '../../vision/types.ts';
import type { ImageSize } from '../config/device-config.ts';
import { CameraError } from './camera.ts';
import type { CameraDeviceInfo, CameraSource, OpenCamera, ShotContext, StillImage } from './camera.ts';
import { synthesiseLight } from './light-synthesis.ts';
import type { RawRgb } from './light-synthesis.ts';

export interface SimulatedCameraOptions {
  readonly preview: ImageSize;
  readonly still: ImageSize;
  readonly jpegQuality: number;
  /** Directory of the face photos; default the repository's test/fixtures/faces. */
  readonly facesDir?: string;
  /** Which light is on; the simulated light controller's `lit`. Null = room light (white look). */
  readonly litLight: () => LightSource | null;
}

export const SIMULATED_CAMERA_ID = 'simulated-camera';

/** The photo each view shows and whether it is mirrored. */
export const SIMULATED_VIEWS: Readonly<Record<View, { file: string; mirror: boolean }>> = {
  front: { file: 'sample6-frontal.jpg', mirror: false },
  right: { file: 'sample5-side-glance.jpg', mirror: false },
  left: { file: 'sample5-side-glance.jpg', mirror: true },
};

const DEFAULT_FACES_DIR = fileURLToPath(new URL('../../test/fixtures/faces/', import.meta.url));
/** Light synthesis runs at this width (the fixtures are 400 px): enough for UV spots to be spots. */
const WORKING_WIDTH = 800;

export class SimulatedCamera implements CameraSource {
  private readonly info: CameraDeviceInfo = { id: SIMULATED_CAMERA_ID, label: 'Simulated camera (face fixture photos, synthesised lights)' };

  constructor(private readonly options: SimulatedCameraOptions) {}

  async listDevices(): Promise<readonly CameraDeviceInfo[]> {
    return [this.info];
  }

  async open(deviceId?: string): Promise<OpenCamera> {
    if (deviceId !== undefined && deviceId !== SIMULATED_CAMERA_ID) throw new CameraError('not_found', `No simulated camera with id ${deviceId}; the only one is ${SIMULATED_CAMERA_ID}.`);
    return new SimulatedOpenCamera(this.info, this.options);
  }
}

class SimulatedOpenCamera implements OpenCamera {
  private readonly scenes = new Map<string, Promise<RawRgb>>();
  private readonly previews = new Map<string, Promise<RgbImage>>();
  private closed = false;

  constructor(
    readonly info: CameraDeviceInfo,
    private readonly options: SimulatedCameraOptions,
  ) {}

  async previewFrame(context: ShotContext): Promise<RgbImage> {
    this.assertOpen();
    const light = this.options.litLight() ?? 'white';
    const key = `${context.view}/${light}`;
    let preview = this.previews.get(key);
    if (!preview) {
      const { width, height } = this.options.preview;
      preview = this.scene(context.view, light).then(async (scene) => {
        const { data, info } = await sharp(scene.data, { raw: { width: scene.width, height: scene.height, channels: 3 } })
          .resize(width, height, { fit: 'cover' })
          .raw()
          .toBuffer({ resolveWithObject: true });
        return { width: info.width, height: info.height, data: new Uint8Array(data.buffer, data.byteOffset, data.length) };
      });
      this.previews.set(key, preview);
    }
    return preview;
  }

  async captureStill(context: ShotContext): Promise<StillImage> {
    this.assertOpen();
    const light = this.options.litLight() ?? 'white';
    const scene = await this.scene(context.view, light);
    const { width, height } = this.options.still;
    // Encoded per shot (not cached): a real camera hands over a fresh JPEG, and benchmarks should pay for it.
    const jpeg = await sharp(scene.data, { raw: { width: scene.width, height: scene.height, channels: 3 } })
      .resize(width, height, { fit: 'cover', kernel: 'lanczos3' })
      .jpeg({ quality: this.options.jpegQuality, mozjpeg: false })
      .toBuffer();
    return { jpeg: new Uint8Array(jpeg.buffer, jpeg.byteOffset, jpeg.length), width, height };
  }

  async close(): Promise<void> {
    this.closed = true;
    this.scenes.clear();
    this.previews.clear();
  }

  private assertOpen(): void {
    if (this.closed) throw new CameraError('disconnected', 'The simulated camera was closed.');
  }

  /** The view under one light at the working size, in the still's aspect ratio; computed once. */
  private scene(view: View, light: LightSource): Promise<RawRgb> {
    const key = `${view}/${light}`;
    let scene = this.scenes.get(key);
    if (!scene) {
      scene = light === 'white' ? this.whiteScene(view) : this.scene(view, 'white').then((white) => synthesiseLight(white, light, seedOf(view)));
      this.scenes.set(key, scene);
    }
    return scene;
  }

  private async whiteScene(view: View): Promise<RawRgb> {
    const { file, mirror } = SIMULATED_VIEWS[view];
    const path = join(this.options.facesDir ?? DEFAULT_FACES_DIR, file);
    const { width, height } = this.options.still;
    const workHeight = Math.round((WORKING_WIDTH * height) / width);
    try {
      let pipeline = sharp(path);
      if (mirror) pipeline = pipeline.flop();
      const { data, info } = await pipeline.resize(WORKING_WIDTH, workHeight, { fit: 'cover' }).removeAlpha().raw().toBuffer({ resolveWithObject: true });
      return { width: info.width, height: info.height, data };
    } catch (error) {
      throw new CameraError('capture_failed', `The simulated camera could not read its photo ${path}: ${(error as Error).message}`, { cause: error });
    }
  }
}

function seedOf(view: View): number {
  return view === 'front' ? 101 : view === 'left' ? 202 : 303;
}
