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
import { calibratable, checkCalibrationStill } from './calibration.ts';
import type { Calibration, CalibrationCheck } from './calibration.ts';
import type { DeviceHolder } from './device-holder.ts';
import { conflict, invalid } from './errors.ts';
import type { FindFace } from './grey-card-check.ts';
import { uiMessage } from '../kiosk-api/messages.ts';
import type { KioskOutput } from '../kiosk-api/types.ts';

export interface LightCalibrationDeps {
  readonly device: DeviceHolder;
  /** Saves the result for the unit (KioskSettings.setCalibration). */
  readonly save: (light: LightSource, calibration: Calibration) => void;
  /** A capture session is using the device. */
  readonly busy: () => boolean;
  readonly log: (message: string) => void;
  /** The kiosk's face check on a picture: a face in the marked area is refused (D-060). */
  readonly findFace: FindFace;
  /** How long a started calibration keeps its light on waiting for the still. Default 20 s. */
  readonly holdMs?: number;
  /** How long a proposed correction waits for the technician's Save. Default 10 minutes. */
  readonly proposalMs?: number;
}

export type CalibrationAnswer = KioskOutput<'calibrateLight'>;

/** A correction measured and shown, not yet saved. */
interface Proposal {
  readonly light: LightSource;
  readonly id: string;
  readonly calibration: Calibration;
  readonly expiresAt: number;
}

interface Started {
  readonly light: LightSource;
  readonly token: string;
  readonly lights: LightController;
  readonly timer: NodeJS.Timeout;
}

export class LightCalibration {
  private started: Started | null = null;
  private proposal: Proposal | null = null;

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
   * Checks the grey card and proposes the light's correction, or says why the still is refused
   * (D-060); nothing is saved until `save`. With `token` and `jpeg`: the still of a started
   * calibration. Without: main's own camera shoots the card with the light on.
   */
  async calibrate(light: LightSource, token?: string, jpeg?: Uint8Array): Promise<CalibrationAnswer> {
    this.refuse(light);
    if (token !== undefined || jpeg !== undefined) {
      if (token === undefined || jpeg === undefined) throw invalid('A calibration still needs the token of startCalibration, and a token its still.', token === undefined ? 'token' : 'jpeg');
      const started = this.started;
      if (started?.token !== token || started.light !== light) {
        throw conflict(`The ${light} light is not on for this calibration (it went off after a while, or another calibration started): start the calibration again.`);
      }
      try {
        return this.measured(light, await checkCalibrationStill(jpeg, this.deps.findFace));
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
      return this.measured(light, await checkCalibrationStill(still.jpeg, this.deps.findFace));
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

  /** Saves the correction the technician looked at: the proposal `calibrate` made for this light. */
  save(light: LightSource, proposalId: string): Calibration {
    const proposal = this.proposal;
    if (proposal?.id !== proposalId || proposal.light !== light || proposal.expiresAt < Date.now()) {
      throw conflict(`There is no ${light} correction waiting to be saved (it was replaced, saved already or left too long): calibrate again.`);
    }
    this.proposal = null;
    this.deps.save(light, proposal.calibration);
    this.deps.log(`calibration of ${light} saved: exposure ${proposal.calibration.exposure}, gains ${proposal.calibration.gains.join('/')}`);
    return proposal.calibration;
  }

  private measured(light: LightSource, check: CalibrationCheck): CalibrationAnswer {
    // A new measurement replaces whatever was shown before, refused or not.
    this.proposal = null;
    if (!check.ok) {
      const m = check.measures;
      const percent = (value: number) => Math.round(value * 100);
      const spread = m ? percent(Math.max(...m.mean) / Math.max(Math.min(...m.mean), 1e-6) - 1) : 0;
      const params = { clipped: m ? percent(m.clipped) : 0, spread: check.reason === 'not_neutral' ? spread : m ? percent(m.cellSpread) : 0, texture: m ? percent(m.texture) : 0 };
      this.deps.log(`calibration of ${light} refused: ${check.reason}${m ? ` (mean ${m.mean.map((v) => v.toFixed(3)).join('/')}, cells ±${m.cellSpread.toFixed(3)}, texture ${m.texture.toFixed(3)})` : ''}`);
      return { ok: false, light, reason: check.reason, calibration: null, proposal: null, detail: uiMessage(`calibration.${check.reason}`, params), before: check.before, after: null, card: m ? [...m.mean] as [number, number, number] : null };
    }
    const id = randomUUID();
    this.proposal = { light, id, calibration: check.calibration, expiresAt: Date.now() + (this.deps.proposalMs ?? 10 * 60_000) };
    this.deps.log(`calibration of ${light} proposed: exposure ${check.calibration.exposure}, gains ${check.calibration.gains.join('/')}`);
    return { ok: true, light, reason: null, calibration: check.calibration, proposal: id, detail: uiMessage('calibration.proposed'), before: check.before, after: check.after, card: [...check.measures.mean] as [number, number, number] };
  }
}
