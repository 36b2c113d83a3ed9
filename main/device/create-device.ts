/**
 * Builds the device of a validated configuration: its profile, camera source and light
 * controller. A simulated camera is wired to a simulated light controller when the lights are
 * simulated too, so that what it shows follows the light the session switched on.
 */
import type { LightSource } from '../../protocol/skin-api/api-codes.ts';
import type { DeviceConfig } from '../config/device-config.ts';
import type { CameraSource } from './camera.ts';
import type { LightController } from './lights.ts';
import { deviceProfile } from './profiles.ts';
import type { DeviceProfile } from './profiles.ts';
import { openSerialLightController } from './serial-light-controller.ts';
import type { SerialLightControllerOptions } from './serial-light-controller.ts';
import { SimulatedCamera } from './simulated-camera.ts';
import { RoomLightController, SimulatedLightController } from './simulated-lights.ts';
import { missingCase } from '../../common/missing-case.ts';

export interface Device {
  readonly profile: DeviceProfile;
  readonly camera: CameraSource;
  readonly lights: LightController;
  /** True when any part is simulated; shown on the technician screen and stored nowhere else. */
  readonly simulated: boolean;
}

export interface CreateDeviceOptions {
  /** The renderer's camera (issue 8); required when camera.kind is 'renderer'. */
  readonly rendererCamera?: CameraSource;
  readonly serial?: SerialLightControllerOptions;
}

export class DeviceSetupError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'DeviceSetupError';
  }
}

export async function createDevice(config: DeviceConfig, options: CreateDeviceOptions = {}): Promise<Device> {
  const profile = deviceProfile(config);
  const lights = await createLights(config, options);
  // Room light (no controller) is always on; a simulated controller says which lamp is, if any.
  const litLight = (): LightSource | null => (lights instanceof SimulatedLightController ? lights.lit : 'white');
  const cameraConfig = config.camera;
  let camera: CameraSource;
  if (cameraConfig.kind === 'simulated') {
    camera = new SimulatedCamera({ preview: cameraConfig.preview, still: cameraConfig.still, jpegQuality: cameraConfig.jpegQuality, facesDir: cameraConfig.facesDir, litLight });
  } else {
    if (!options.rendererCamera) {
      await lights.close();
      throw new DeviceSetupError('camera.kind is "renderer" but no renderer camera bridge was given: real cameras are opened by the renderer (getUserMedia).');
    }
    camera = options.rendererCamera;
  }
  return { profile, camera, lights, simulated: cameraConfig.kind === 'simulated' || config.lightController.kind === 'simulated' };
}

async function createLights(config: DeviceConfig, options: CreateDeviceOptions): Promise<LightController> {
  const lights = config.lightController;
  switch (lights.kind) {
    case 'simulated':
      return new SimulatedLightController(lights.settleMs);
    case 'serial':
      return openSerialLightController(lights, options.serial);
    case 'none':
      // The schema refuses "none" on a multi-light profile.
      return new RoomLightController();
    default:
      return missingCase(lights, 'light controller');
  }
}
