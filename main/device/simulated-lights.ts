/**
 * Light controllers without hardware: the simulated one (its state drives the simulated camera's
 * picture) and the room-light one of single-camera units.
 */
import type { LightSource } from '../../protocol/skin-api/api-codes.ts';
import { LightControllerError } from './lights.ts';
import type { LightController } from './lights.ts';

export class SimulatedLightController implements LightController {
  private current: LightSource | null = null;
  private closed = false;
  private unplugged = false;

  constructor(
    private readonly settleMs = 0,
    private readonly sleep: (ms: number) => Promise<void> = (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
  ) {}

  /** The light that is on, null when all are off. */
  get lit(): LightSource | null {
    return this.current;
  }

  async setLight(light: LightSource): Promise<void> {
    this.assertUsable();
    this.current = light;
    if (this.settleMs > 0) await this.sleep(this.settleMs);
  }

  async off(): Promise<void> {
    this.assertUsable();
    this.current = null;
  }

  async close(): Promise<void> {
    this.closed = true;
    this.current = null;
  }

  /** Plays an unplugged controller, so the UI's fault path can be exercised without hardware. */
  simulateDisconnect(): void {
    this.unplugged = true;
    this.current = null;
  }

  private assertUsable(): void {
    if (this.closed) throw new LightControllerError('closed', 'The light controller was closed; reopen the device before capturing.');
    if (this.unplugged) {
      throw new LightControllerError('port_vanished', 'The simulated light controller was disconnected (simulateDisconnect). Restart the kiosk to reconnect it.');
    }
  }
}

/** Single-camera units shoot under the shop's light: nothing to switch. */
export class RoomLightController implements LightController {
  async setLight(light: LightSource): Promise<void> {
    if (light !== 'white') {
      throw new LightControllerError('no_command', `This unit has no light controller, so it cannot switch to ${light}: only white (room light) captures are possible.`);
    }
  }
  async off(): Promise<void> {}
  async close(): Promise<void> {}
}
