/**
 * SIMULATION ONLY: a camera that serves real face photos (test/fixtures/faces) for each view, as
 * a complying customer would present them, under the light its simulated light controller has
 * on (light-synthesis.ts). Views (docs/kiosk-core.md, "Simulation"):
 * - front: astronaut-frontal.jpg (a truly frontal portrait at eye level);
 * - right: sample5-side-glance.jpg levelled (the head is turned to the subject's right, yaw < 0);
 * - left: the same photo mirrored (turned to the subject's left, yaw > 0).
 * Stills are upscaled to the configured size (4000x3000 for benchmarks), so their detail is the
 * fixture's, not a real 12-MP sensor's. For calibration it also shows a grey card lit by the
 * lamp that is on (dark with every lamp off).
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
  /**
   * Which light is on: the simulated light controller's `lit`, 'white' for room light. Null =
   * every lamp off: faces still show in white (the simulation's convenience), the grey card dark.
   */
  readonly litLight: () => LightSource | null;
}

export const SIMULATED_CAMERA_ID = 'simulated-camera';

/**
 * The camera-mounting pitch offset (guidance `pitchOffset`) the simulated device defaults to.
 * Its photos were not taken from one camera height: the face check reads about 0° on the frontal
 * portrait (taken at eye level) and about -6° on the side photo (taken from above), both well
 * inside the ±10° pitch tolerance. It was -7° while the face check's pitch carried FaceMesh's
 * chin-down bias (the portrait read -7°); pitch is now corrected for it (vision/face/pose.ts,
 * PITCH_BIAS_DEGREES), so the simulated device needs no offset, like a real camera at eye level.
 */
export const SIMULATED_PITCH_OFFSET = 0;

/** A camera that can show the calibration grey card by itself (the simulated one). */
export interface GreyCardCamera {
  /** A still of a mid-grey card filling the centre, lit by whatever lamp is on. */
  captureGreyCard(): Promise<StillImage>;
}

export function showsGreyCard(camera: OpenCamera): camera is OpenCamera & GreyCardCamera {
  return typeof (camera as Partial<GreyCardCamera>).captureGreyCard === 'function';
}

/** sRGB level of the simulated card: a mid-grey (18 % reflectance) card at normal exposure. */
const CARD_LEVEL = 118;
/** What the camera sees with every lamp of the enclosed device off. */
const DARK_LEVEL = 3;

/**
 * The photo each view shows, whether it is mirrored, and the in-plane turn (degrees, clockwise,
 * before mirroring) that levels the head: the side photo's subject leans about 10° towards the
 * shoulder, which a complying customer asked to straighten their head would not.
 */
export const SIMULATED_VIEWS: Readonly<Record<View, { file: string; mirror: boolean; level: number }>> = {
  front: { file: 'astronaut-frontal.jpg', mirror: false, level: 0 },
  right: { file: 'sample5-side-glance.jpg', mirror: false, level: 10 },
  left: { file: 'sample5-side-glance.jpg', mirror: true, level: 10 },
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

class SimulatedOpenCamera implements OpenCamera, GreyCardCamera {
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

  async captureGreyCard(): Promise<StillImage> {
    this.assertOpen();
    const light = this.options.litLight();
    const { width, height } = this.options.still;
    const card = greyCardScene(width, height);
    const scene = light === null ? { ...card, data: Buffer.alloc(card.data.length, DARK_LEVEL) } : await synthesiseLight(card, light, 1);
    const jpeg = await sharp(scene.data, { raw: { width: scene.width, height: scene.height, channels: 3 } }).jpeg({ quality: this.options.jpegQuality }).toBuffer();
    return { jpeg: new Uint8Array(jpeg.buffer, jpeg.byteOffset, jpeg.length), width: scene.width, height: scene.height };
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
    const { file, mirror, level } = SIMULATED_VIEWS[view];
    const path = join(this.options.facesDir ?? DEFAULT_FACES_DIR, file);
    const { width, height } = this.options.still;
    const workHeight = Math.round((WORKING_WIDTH * height) / width);
    try {
      let pipeline = sharp(path);
      if (mirror) pipeline = pipeline.flop();
      const { data, info } = await pipeline.resize(WORKING_WIDTH, workHeight, { fit: 'cover' }).removeAlpha().raw().toBuffer({ resolveWithObject: true });
      const scene = { width: info.width, height: info.height, data };
      // Levelled at the working size, where the resampling costs the least detail; a mirrored
      // photo turns the other way.
      return level === 0 ? scene : await levelled(scene, mirror ? -level : level);
    } catch (error) {
      throw new CameraError('capture_failed', `The simulated camera could not read its photo ${path}: ${(error as Error).message}`, { cause: error });
    }
  }
}

/** A neutral grey card over the central 60 % of a slightly darker neutral surround. */
function greyCardScene(width: number, height: number): RawRgb {
  const data = Buffer.alloc(width * height * 3, Math.round(CARD_LEVEL * 0.7));
  const x0 = Math.round(width * 0.2);
  const y0 = Math.round(height * 0.2);
  for (let y = y0; y < height - y0; y++) data.fill(CARD_LEVEL, (y * width + x0) * 3, (y * width + width - x0) * 3);
  return { width, height, data };
}

/**
 * The scene turned in its plane by `degrees` (clockwise), at its own size: its edges are mirrored
 * outwards first so the turned corners show background rather than black.
 */
async function levelled(scene: RawRgb, degrees: number): Promise<RawRgb> {
  const { width, height } = scene;
  const pad = Math.ceil(Math.max(width, height) * 0.25);
  // Separate pipelines: within one, sharp would turn the image before extending it.
  const padded = await sharp(scene.data, raw3(width, height)).extend({ top: pad, bottom: pad, left: pad, right: pad, extendWith: 'mirror' }).raw().toBuffer();
  const turned = await sharp(padded, raw3(width + 2 * pad, height + 2 * pad)).rotate(degrees).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  const left = Math.round((turned.info.width - width) / 2);
  const top = Math.round((turned.info.height - height) / 2);
  const data = await sharp(turned.data, raw3(turned.info.width, turned.info.height)).extract({ left, top, width, height }).raw().toBuffer();
  return { width, height, data };
}

function raw3(width: number, height: number): { raw: { width: number; height: number; channels: 3 } } {
  return { raw: { width, height, channels: 3 } };
}

function seedOf(view: View): number {
  return view === 'front' ? 101 : view === 'left' ? 202 : 303;
}
