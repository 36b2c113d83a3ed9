/**
 * Calibration of a light against a grey card (kiosk API startCalibration, calibrateLight): the
 * card must be photographed while that light is on and has settled, so main switches it:
 * light on (setLight resolves once the lamp has settled), still, measure, light off.
 * - main's own camera (the simulated one shows a grey card): all of it in calibrateLight;
 * - the renderer's camera: startCalibration switches the light on and hands out a token; the
 *   renderer takes the still and brings it back with the token to calibrateLight, which measures
 *   and switches the light off. A light nobody comes back for goes off after `holdMs`.
 */
import { randomUUID } from 'node:crypto';
import type { LightSource } from '../../protocol/skin-api/api-codes.ts';
import type { LightController } from '../device/lights.ts';
import { showsGreyCard } from '../device/simulated-camera.ts';
import { calibratable, calibrateFromGreyCard } from './calibration.ts';
import type { Calibration } from './calibration.ts';
import type { DeviceHolder } from './device-holder.ts';
import { conflict, invalid } from './errors.ts';

export interface LightCalibrationDeps {
  readonly device: DeviceHolder;
  /** Saves the result for the unit (KioskSettings.setCalibration). */
  readonly save: (light: LightSource, calibration: Calibration) => void;
  /** A capture session is using the device. */
  readonly busy: () => boolean;
  readonly log: (message: string) => void;
  /** How long a started calibration keeps its light on waiting for the still. Default 20 s. */
  readonly holdMs?: number;
}

interface Started {
  readonly light: LightSource;
  readonly token: string;
  readonly lights: LightController;
  readonly timer: NodeJS.Timeout;
}

export class LightCalibration {
  private started: Started | null = null;

  constructor(private readonly deps: LightCalibrationDeps) {}

  /** Renderer camera: the light on and settled; its still must come back with the token. */
  async start(light: LightSource): Promise<{ light: LightSource; token: string; expiresInMs: number }> {
    this.refuse(light);
    const { device } = this.deps.device.get();
    await this.release();
    await device.lights.setLight(light);
    const token = randomUUID();
    const holdMs = this.deps.holdMs ?? 20_000;
    const timer = setTimeout(() => {
      if (this.started?.token === token) void this.release();
    }, holdMs);
    this.started = { light, token, lights: device.lights, timer };
    return { light, token, expiresInMs: holdMs };
  }

  /**
   * Measures the grey card and saves the light's calibration. With `token` and `jpeg`: the still
   * of a started calibration. Without: main's own camera shoots the card with the light on.
   */
  async calibrate(light: LightSource, token?: string, jpeg?: Uint8Array): Promise<Calibration> {
    this.refuse(light);
    if (token !== undefined || jpeg !== undefined) {
      if (token === undefined || jpeg === undefined) throw invalid('A calibration still needs the token of startCalibration, and a token its still.', token === undefined ? 'token' : 'jpeg');
      const started = this.started;
      if (started?.token !== token || started.light !== light) {
        throw conflict(`The ${light} light is not on for this calibration (it went off after a while, or another calibration started): start the calibration again.`);
      }
      try {
        return this.measured(light, await calibrateFromGreyCard(jpeg));
      } finally {
        await this.release();
      }
    }
    const { device, camera } = this.deps.device.get();
    if (!showsGreyCard(camera)) throw invalid('This kiosk uses the camera of the kiosk window: start the calibration, take the still while the light is on and send it with the token.', 'jpeg');
    await this.release();
    try {
      await device.lights.setLight(light);
      const still = await camera.captureGreyCard();
      return this.measured(light, await calibrateFromGreyCard(still.jpeg));
    } finally {
      await device.lights.off().catch(() => undefined);
    }
  }

  /** Switches off a light left on by a calibration (unless a session has taken the device). */
  async release(): Promise<void> {
    const started = this.started;
    this.started = null;
    if (!started) return;
    clearTimeout(started.timer);
    if (!this.deps.busy()) await started.lights.off().catch(() => undefined);
  }

  private refuse(light: LightSource): void {
    if (this.deps.busy()) throw conflict('A capture session is using the device; finish or cancel it first.');
    if (!calibratable(light)) throw invalid(`The ${light} light is not calibrated against a grey card: its stills are stored as captured.`, 'light');
  }

  private measured(light: LightSource, calibration: Calibration): Calibration {
    this.deps.save(light, calibration);
    this.deps.log(`calibration of ${light}: exposure ${calibration.exposure}, gains ${calibration.gains.join('/')}`);
    return calibration;
  }
}
