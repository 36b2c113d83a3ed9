/**
 * The light controller seen from the capture session. `setLight` resolves once the lamp has
 * settled (steady output), so the session can take the still straight after.
 */
import type { LightSource } from '../../protocol/skin-api/api-codes.ts';

export interface LightController {
  /** Switches this light on (and every other off) and waits for it to settle. */
  setLight(light: LightSource): Promise<void>;
  /** All lights off. */
  off(): Promise<void>;
  /** Lights off, then release the port. Further calls fail with code `closed`. */
  close(): Promise<void>;
}

export type LightControllerErrorCode =
  | 'serial_not_installed'
  | 'port_not_found'
  | 'open_failed'
  | 'port_vanished'
  | 'write_failed'
  | 'write_timeout'
  | 'no_command'
  | 'closed';

/**
 * A light controller failure, with a message a technician can act on (what happened, on which
 * port, what to check). `technicianMessage` is meant for the health screen as is.
 */
export class LightControllerError extends Error {
  constructor(
    readonly code: LightControllerErrorCode,
    readonly technicianMessage: string,
    options?: { cause?: unknown },
  ) {
    super(technicianMessage, options);
    this.name = 'LightControllerError';
  }
}
