/**
 * Light controller on a serial line (docs/kiosk-core.md, "Light serial protocol"): one ASCII
 * command per light, terminated by the configured line ending; after a command the lamp needs
 * `settleMs` before its output is steady. Commands are serialised, so two callers never
 * interleave bytes on the wire.
 */
import type { LightSource } from '../../protocol/skin-api/api-codes.ts';
import type { SerialLightsConfig } from '../config/device-config.ts';
import { LightControllerError } from './lights.ts';
import type { LightController } from './lights.ts';
import { loadSerialPortFactory } from './serial-port.ts';
import type { SerialPortFactory, SerialPortLike } from './serial-port.ts';

export interface SerialLightControllerOptions {
  /** Defaults to node-serialport, loaded lazily. */
  readonly factory?: SerialPortFactory;
  /** Defaults to setTimeout; tests pass a recorder. */
  readonly sleep?: (ms: number) => Promise<void>;
}

const realSleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** Opens the port and returns a ready controller (all lights off). */
export async function openSerialLightController(config: SerialLightsConfig, options: SerialLightControllerOptions = {}): Promise<SerialLightController> {
  const factory = options.factory ?? (await loadSerialPortFactory());
  const port = factory({ path: config.path, baudRate: config.baudRate });
  await new Promise<void>((resolve, reject) => {
    port.open((error) => (error ? reject(openError(config, error)) : resolve()));
  });
  const controller = new SerialLightController(config, port, options.sleep ?? realSleep);
  await controller.off();
  return controller;
}

export class SerialLightController implements LightController {
  /** The light last switched on, null when off. */
  lit: LightSource | null = null;
  private chain: Promise<unknown> = Promise.resolve();
  private closedByUs = false;
  private vanished: Error | null = null;

  constructor(
    private readonly config: SerialLightsConfig,
    private readonly port: SerialPortLike,
    private readonly sleep: (ms: number) => Promise<void>,
  ) {
    // Without an 'error' listener a stream error would be thrown as an uncaught exception.
    port.on('error', (error) => {
      if (!this.closedByUs && !this.port.isOpen) this.vanished ??= error ?? new Error('port error');
    });
    port.on('close', (error) => {
      if (!this.closedByUs) this.vanished ??= error ?? new Error('port closed by the system');
    });
    // Replies are not used (no acknowledgement protocol), but reading keeps node-serialport's
    // poller on the line: an unplugged adapter then closes the port at once, even mid-settle,
    // instead of going unnoticed until the next write.
    port.on('data', () => undefined);
  }

  setLight(light: LightSource): Promise<void> {
    return this.serial(async () => {
      const command = this.config.commands[light];
      if (!command) {
        throw new LightControllerError('no_command', `No command is configured for the ${light} light: add lightController.commands.${light} to the device configuration.`);
      }
      await this.send(command);
      this.lit = light;
      await this.sleep(this.config.settleMs);
      // A controller that lost power while settling has switched its lamp off again.
      this.assertUsable();
    });
  }

  off(): Promise<void> {
    return this.serial(async () => {
      await this.send(this.config.offCommand);
      this.lit = null;
    });
  }

  close(): Promise<void> {
    return this.serial(async () => {
      if (this.closedByUs) return;
      if (!this.vanished && this.port.isOpen) {
        // Best effort: a lamp left on would heat up and age, but closing must still succeed.
        await this.send(this.config.offCommand).catch(() => undefined);
      }
      this.closedByUs = true;
      this.lit = null;
      if (this.port.isOpen) await new Promise<void>((resolve) => this.port.close(() => resolve()));
    });
  }

  private serial<T>(task: () => Promise<T>): Promise<T> {
    const run = this.chain.then(task, task);
    this.chain = run.catch(() => undefined);
    return run;
  }

  private assertUsable(): void {
    if (this.closedByUs) throw new LightControllerError('closed', 'The light controller was closed; reopen the device before capturing.');
    if (this.vanished || !this.port.isOpen) throw vanishedError(this.config, this.vanished);
  }

  private async send(command: string): Promise<void> {
    this.assertUsable();
    const bytes = command + this.config.lineEnding;
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(
        () =>
          reject(
            new LightControllerError(
              'write_timeout',
              `The light controller on ${this.config.path} did not take the command "${command}" within ${this.config.writeTimeoutMs} ms. ` +
                `Check its power and that its baud rate is ${this.config.baudRate}.`,
            ),
          ),
        this.config.writeTimeoutMs,
      );
    });
    const written = new Promise<void>((resolve, reject) => {
      this.port.write(bytes, (error) => {
        if (error) return reject(error);
        this.port.drain((drainError) => (drainError ? reject(drainError) : resolve()));
      });
    });
    try {
      await Promise.race([written, timeout]);
    } catch (error) {
      if (error instanceof LightControllerError) throw error;
      if (this.vanished || !this.port.isOpen || isHangup(error)) throw vanishedError(this.config, this.vanished ?? error);
      throw new LightControllerError('write_failed', `Writing "${command}" to the light controller on ${this.config.path} failed: ${(error as Error).message}. Check the cable, then restart the capture.`, { cause: error });
    } finally {
      clearTimeout(timer);
    }
  }
}

/**
 * Errors a tty write gets once the device behind it is gone (Linux: EIO after a USB adapter or a
 * pty peer disappears; ENXIO/ENODEV for a removed device). The write callback can fire before
 * the port's own `close` event, so the errno is the first sign.
 */
const HANGUP_CODES = /\b(EIO|ENXIO|ENODEV|EBADF)\b/;

function isHangup(error: unknown): boolean {
  const code = (error as NodeJS.ErrnoException | null)?.code;
  return (typeof code === 'string' && HANGUP_CODES.test(code)) || (error instanceof Error && HANGUP_CODES.test(error.message));
}

function vanishedError(config: SerialLightsConfig, cause: unknown): LightControllerError {
  return new LightControllerError(
    'port_vanished',
    `The light controller on ${config.path} disconnected (the serial port vanished). Check its USB cable and power supply, ` +
      'then restart the capture. If it keeps happening, try another USB port or cable.',
    { cause },
  );
}

function openError(config: SerialLightsConfig, error: Error): LightControllerError {
  const missing = /ENOENT|No such file|cannot find|not found/i.test(error.message) || (error as NodeJS.ErrnoException).code === 'ENOENT';
  if (missing) {
    return new LightControllerError(
      'port_not_found',
      `No serial port at ${config.path}. Check that the light controller is plugged in and powered, and that lightController.path ` +
        'names it (on Linux prefer the stable /dev/serial/by-id/... name).',
      { cause: error },
    );
  }
  return new LightControllerError(
    'open_failed',
    `Could not open the light controller port ${config.path}: ${error.message}. Check that no other program holds the port and that ` +
      'the kiosk user may use it (Linux: member of the dialout group).',
    { cause: error },
  );
}
