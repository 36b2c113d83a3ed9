/**
 * The serial light controller with the REAL node-serialport package on a pseudo-terminal pair
 * (socat): the bytes the kiosk writes are read back on the other end as the lamp controller
 * would receive them. Only the hardware behind the port is missing.
 */
import { execFileSync } from 'node:child_process';
import { afterEach, describe, expect, it } from 'vitest';
import { deviceConfigSchema } from '../../../main/config/device-config.ts';
import type { SerialLightsConfig } from '../../../main/config/device-config.ts';
import { LightControllerError } from '../../../main/device/lights.ts';
import { openSerialLightController, type SerialLightController } from '../../../main/device/serial-light-controller.ts';
import { loadSerialPortFactory, type SerialPortLike } from '../../../main/device/serial-port.ts';
import { startPtyPair, type PtyPair } from './pty-pair.ts';

const COMMANDS = { white: 'L1', white_glow: 'L2', cross_polar: 'L3', parallel_polar: 'L4', uv: 'L5' };

function serialConfig(path: string, overrides: Record<string, unknown> = {}, lights: string[] = Object.keys(COMMANDS)): SerialLightsConfig {
  const device = deviceConfigSchema.parse({ profile: { kind: 'multi_light', lights }, lightController: { kind: 'serial', path, commands: COMMANDS, ...overrides } });
  if (device.lightController.kind !== 'serial') throw new Error('expected a serial config');
  return device.lightController;
}

/** The light controller's side of the line: every byte received, with when it arrived. */
class DeviceEnd {
  readonly chunks: { text: string; at: number }[] = [];
  private constructor(private readonly port: SerialPortLike) {
    port.on('data', (chunk) => this.chunks.push({ text: chunk.toString('latin1'), at: performance.now() }));
    port.on('error', () => undefined);
  }

  static async open(path: string): Promise<DeviceEnd> {
    const factory = await loadSerialPortFactory();
    const port = factory({ path, baudRate: 115200 });
    await new Promise<void>((resolve, reject) => port.open((error) => (error ? reject(error) : resolve())));
    return new DeviceEnd(port);
  }

  get text(): string {
    return this.chunks.map((c) => c.text).join('');
  }

  /** When the received text first reached `length` characters. */
  async arrival(length: number, timeoutMs = 2000): Promise<number> {
    const until = performance.now() + timeoutMs;
    for (;;) {
      let seen = 0;
      for (const chunk of this.chunks) {
        seen += chunk.text.length;
        if (seen >= length) return chunk.at;
      }
      if (performance.now() > until) throw new Error(`the device end got ${JSON.stringify(this.text)}, expected ${length} characters`);
      await new Promise((resolve) => setTimeout(resolve, 2));
    }
  }

  close(): Promise<void> {
    return new Promise((resolve) => (this.port.isOpen ? this.port.close(() => resolve()) : resolve()));
  }
}

async function rejection(promise: Promise<unknown>): Promise<LightControllerError> {
  const error = await promise.then(() => null, (e: unknown) => e);
  expect(error).toBeInstanceOf(LightControllerError);
  return error as LightControllerError;
}

describe('serial light controller on a real serial port (node-serialport + socat pty pair)', () => {
  let pair: PtyPair | null = null;
  let device: DeviceEnd | null = null;
  let controller: SerialLightController | null = null;

  afterEach(async () => {
    await controller?.close().catch(() => undefined);
    await device?.close();
    await pair?.kill();
    controller = null;
    device = null;
    pair = null;
  });

  it('opens the port at the configured baud rate and every light command arrives byte-exact, settle time honoured', async () => {
    pair = await startPtyPair();
    device = await DeviceEnd.open(pair.deviceEnd);
    const settleMs = 120;
    controller = await openSerialLightController(serialConfig(pair.kioskEnd, { baudRate: 57600, settleMs, offCommand: 'OFF' }));

    // The kernel's termios of the kiosk's end holds the speed node-serialport set.
    expect(execFileSync('stty', ['-F', pair.kioskEnd]).toString()).toMatch(/speed 57600 baud/);
    expect(await device.arrival(5)).toBeGreaterThan(0);
    expect(device.text).toBe('OFF\r\n');

    let expected = 'OFF\r\n';
    for (const light of ['white', 'white_glow', 'cross_polar', 'parallel_polar', 'uv'] as const) {
      const before = performance.now();
      const sent = controller.setLight(light);
      expected += `${COMMANDS[light]}\r\n`;
      expect(await device.arrival(expected.length)).toBeGreaterThan(before);
      await sent;
      // The settle time runs from the moment the bytes left the port (drain): the lamp's own
      // reception is stamped later by the relay, whose lag on a busy machine is not ours to bound.
      // Timer granularity: 2 ms.
      expect(performance.now() - before).toBeGreaterThanOrEqual(settleMs - 2);
      expect(controller.lit).toBe(light);
    }
    await controller.off();
    expected += 'OFF\r\n';
    await device.arrival(expected.length);
    expect(device.text).toBe(expected);
    expect(controller.lit).toBeNull();

    // close() turns the lights off before releasing the port.
    await controller.close();
    controller = null;
    await device.arrival(expected.length + 5);
    expect(device.text).toBe(`${expected}OFF\r\n`);
  });

  it('other line endings and commands go out as configured', async () => {
    pair = await startPtyPair();
    device = await DeviceEnd.open(pair.deviceEnd);
    controller = await openSerialLightController(serialConfig(pair.kioskEnd, { lineEnding: '\n', offCommand: 'ALL0', settleMs: 0, commands: { white: '#W1', cross_polar: 'XP', uv: 'UV=ON' } }, ['white', 'cross_polar', 'uv']));
    await controller.setLight('uv');
    await controller.setLight('white');
    await device.arrival('ALL0\nUV=ON\n#W1\n'.length);
    expect(device.text).toBe('ALL0\nUV=ON\n#W1\n');
  });

  it('reports port_vanished with the technician message when the port disappears (socat killed)', async () => {
    pair = await startPtyPair();
    device = await DeviceEnd.open(pair.deviceEnd);
    controller = await openSerialLightController(serialConfig(pair.kioskEnd, { settleMs: 0 }));
    await controller.setLight('white');
    await pair.kill();

    const error = await rejection(controller.setLight('cross_polar'));
    expect(error.code).toBe('port_vanished');
    expect(error.technicianMessage).toBe(
      `The light controller on ${pair.kioskEnd} disconnected (the serial port vanished). Check its USB cable and power supply, ` +
        'then restart the capture. If it keeps happening, try another USB port or cable.',
    );
    expect((await rejection(controller.off())).code).toBe('port_vanished');
    // Closing a vanished controller still succeeds.
    await controller.close();
    controller = null;
  });

  it('notices the port vanishing while a lamp settles', async () => {
    pair = await startPtyPair();
    device = await DeviceEnd.open(pair.deviceEnd);
    controller = await openSerialLightController(serialConfig(pair.kioskEnd, { settleMs: 400 }));
    const settling = controller.setLight('uv');
    await device.arrival('OFF\r\nL5\r\n'.length);
    await pair.kill();
    const error = await rejection(settling);
    expect(error.code).toBe('port_vanished');
    expect(error.technicianMessage).toContain(pair.kioskEnd);
  });

  it('reports port_not_found with what to check when the configured port does not exist', async () => {
    pair = await startPtyPair();
    const path = `${pair.kioskEnd}-missing`;
    const error = await rejection(openSerialLightController(serialConfig(path)));
    expect(error.code).toBe('port_not_found');
    expect(error.technicianMessage).toBe(
      `No serial port at ${path}. Check that the light controller is plugged in and powered, and that lightController.path ` +
        'names it (on Linux prefer the stable /dev/serial/by-id/... name).',
    );
  });
});
