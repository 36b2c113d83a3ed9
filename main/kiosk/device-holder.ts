/**
 * The device the kiosk runs with, or why it has none. A device that fails to open (serial port
 * missing, camera absent) does not stop the kiosk: sync, reports and settings keep working, and
 * the technician sees the reason in diagnostics and when a session starts (issue 7: a
 * configuration error gives a clear message and loses nothing).
 */
import type { DeviceConfig } from '../config/device-config.ts';
import type { OpenCamera } from '../device/camera.ts';
import { createDevice } from '../device/create-device.ts';
import type { CreateDeviceOptions, Device } from '../device/create-device.ts';
import { deviceError } from './errors.ts';
import { PushCamera } from './push-camera.ts';

export interface OpenDevice {
  readonly device: Device;
  readonly camera: OpenCamera;
  readonly config: DeviceConfig;
  /** Set when the camera is fed by the renderer through submitFrame / submitStill. */
  readonly push: PushCamera | null;
}

export interface DeviceProblem {
  readonly code: string;
  readonly message: string;
}

export class DeviceHolder {
  private open: OpenDevice | null = null;
  private failure: DeviceProblem | null = null;

  constructor(
    private readonly options: Omit<CreateDeviceOptions, 'rendererCamera'> & { readonly pushCamera?: { readonly frameTimeoutMs?: number; readonly stillTimeoutMs?: number } } = {},
  ) {}

  /** Opens the configured device; on failure keeps the reason instead of throwing. */
  async start(config: DeviceConfig): Promise<void> {
    await this.close();
    let push: PushCamera | null = null;
    let device: Device | null = null;
    try {
      if (config.camera.kind === 'renderer') push = new PushCamera({ preview: config.camera.preview, ...this.options.pushCamera });
      device = await createDevice(config, { ...(this.options.serial ? { serial: this.options.serial } : {}), ...(push ? { rendererCamera: push } : {}) });
      const camera = await device.camera.open();
      this.open = { device, camera, config, push };
      this.failure = null;
    } catch (error) {
      await device?.lights.close().catch(() => undefined);
      this.failure = describe(error);
    }
  }

  /** The device, or a `device` error with the technician's message. */
  get(): OpenDevice {
    if (this.open) return this.open;
    throw deviceError(this.failure?.message ?? 'The device is not open.');
  }

  get problem(): DeviceProblem | null {
    return this.failure;
  }

  get current(): OpenDevice | null {
    return this.open;
  }

  async close(): Promise<void> {
    const open = this.open;
    this.open = null;
    if (!open) return;
    await open.camera.close().catch(() => undefined);
    await open.device.lights.close().catch(() => undefined);
  }
}

/** The message meant for a technician: LightControllerError carries one, other errors their message. */
export function describe(error: unknown): DeviceProblem {
  const fields = typeof error === 'object' && error !== null ? (error as { code?: unknown; technicianMessage?: unknown; message?: unknown }) : {};
  const code = typeof fields.code === 'string' ? fields.code : 'device_error';
  const message = typeof fields.technicianMessage === 'string' ? fields.technicianMessage : typeof fields.message === 'string' ? fields.message : String(error);
  return { code, message };
}
