import { describe, expect, it } from 'vitest';
import { deviceConfigSchema } from '../../../main/config/device-config.ts';
import type { SerialLightsConfig } from '../../../main/config/device-config.ts';
import { LightControllerError } from '../../../main/device/lights.ts';
import { openSerialLightController } from '../../../main/device/serial-light-controller.ts';
import { loadSerialPortFactory } from '../../../main/device/serial-port.ts';
import { FakeSerialPort } from './helpers/fake-serial-port.ts';

const COMMANDS = { white: 'L1', white_glow: 'L2', cross_polar: 'L3', parallel_polar: 'L4', uv: 'L5' };

function serialConfig(overrides: Record<string, unknown> = {}): SerialLightsConfig {
  const device = deviceConfigSchema.parse({ lightController: { kind: 'serial', path: '/dev/ttyUSB7', commands: COMMANDS, settleMs: 40, ...overrides } });
  if (device.lightController.kind !== 'serial') throw new Error('expected a serial config');
  return device.lightController;
}

async function open(overrides: Record<string, unknown> = {}, sleep?: (ms: number) => Promise<void>) {
  let port: FakeSerialPort | undefined;
  const controller = await openSerialLightController(serialConfig(overrides), {
    factory: (options) => (port = new FakeSerialPort(options)),
    ...(sleep ? { sleep } : {}),
  });
  return { controller, port: port! };
}

async function rejection(promise: Promise<unknown>): Promise<LightControllerError> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(LightControllerError);
  return error as LightControllerError;
}

describe('serial light controller', () => {
  it('opens the configured port and baud rate and starts with every light off', async () => {
    const { port } = await open({ baudRate: 115200 });
    expect(port.options).toEqual({ path: '/dev/ttyUSB7', baudRate: 115200 });
    expect(port.written.map((w) => w.data)).toEqual(['OFF\r\n']);
  });

  it('sends the command of each light with the configured line ending', async () => {
    const { controller, port } = await open({ lineEnding: '\n', offCommand: 'ALL0', settleMs: 0 });
    for (const light of ['white', 'white_glow', 'cross_polar', 'parallel_polar', 'uv'] as const) await controller.setLight(light);
    await controller.off();
    expect(port.written.map((w) => w.data)).toEqual(['ALL0\n', 'L1\n', 'L2\n', 'L3\n', 'L4\n', 'L5\n', 'ALL0\n']);
    expect(controller.lit).toBeNull();
  });

  it('waits the settle time after the command before resolving', async () => {
    const waits: number[] = [];
    const { controller } = await open({ settleMs: 180 }, async (ms) => void waits.push(ms));
    await controller.setLight('uv');
    expect(waits).toEqual([180]);
    expect(controller.lit).toBe('uv');

    const real = await open({ settleMs: 60 });
    const started = performance.now();
    await real.controller.setLight('white');
    expect(performance.now() - started).toBeGreaterThanOrEqual(55);
  });

  it('serialises concurrent commands so their bytes never interleave', async () => {
    const { controller, port } = await open({ settleMs: 5 });
    await Promise.all([controller.setLight('white'), controller.setLight('uv'), controller.off()]);
    expect(port.commands()).toEqual(['OFF', 'L1', 'L5', 'OFF']);
    // The uv command waited for the white light to settle.
    expect(port.written[2]!.at - port.written[1]!.at).toBeGreaterThanOrEqual(4);
  });

  it('fails with port_vanished and a technician message when the port disappears', async () => {
    const { controller, port } = await open({ settleMs: 0 });
    await controller.setLight('white');
    port.vanish();
    const error = await rejection(controller.setLight('cross_polar'));
    expect(error.code).toBe('port_vanished');
    expect(error.technicianMessage).toMatch(/\/dev\/ttyUSB7 disconnected.*USB cable and power/);
    expect((await rejection(controller.off())).code).toBe('port_vanished');
    await controller.close();
  });

  it('reports a port that vanishes while the lamp settles', async () => {
    let port: FakeSerialPort | undefined;
    const controller = await openSerialLightController(serialConfig({ settleMs: 30 }), {
      factory: (options) => (port = new FakeSerialPort(options)),
      sleep: async () => port!.vanish(),
    });
    expect((await rejection(controller.setLight('white'))).code).toBe('port_vanished');
  });

  it('times out a controller that never takes the command', async () => {
    const { controller, port } = await open({ writeTimeoutMs: 60 });
    port.hang = true;
    const error = await rejection(controller.setLight('white'));
    expect(error.code).toBe('write_timeout');
    expect(error.technicianMessage).toContain('9600');
  });

  it('tells a missing port from one that cannot be opened', async () => {
    const missing = openSerialLightController(serialConfig(), {
      factory: (options) => Object.assign(new FakeSerialPort(options), { openError: Object.assign(new Error('Error: No such file or directory, cannot open /dev/ttyUSB7'), { code: 'ENOENT' }) }),
    });
    const notFound = await rejection(missing);
    expect(notFound.code).toBe('port_not_found');
    expect(notFound.technicianMessage).toContain('/dev/serial/by-id');
    const busy = openSerialLightController(serialConfig(), {
      factory: (options) => Object.assign(new FakeSerialPort(options), { openError: new Error('Error Resource temporarily unavailable Cannot lock port') }),
    });
    expect((await rejection(busy)).code).toBe('open_failed');
  });

  it('turns the lights off when closed and refuses commands afterwards', async () => {
    const { controller, port } = await open({ settleMs: 0 });
    await controller.setLight('white');
    await controller.close();
    expect(port.commands()).toEqual(['OFF', 'L1', 'OFF']);
    expect(port.isOpen).toBe(false);
    expect((await rejection(controller.setLight('white'))).code).toBe('closed');
    await controller.close();
  });

  it('refuses a light without a configured command', async () => {
    // The schema refuses such a configuration; a hand-built one still fails clearly.
    const controller = await openSerialLightController({ ...serialConfig(), commands: { white: 'W' } }, { factory: (options) => new FakeSerialPort(options) });
    expect((await rejection(controller.setLight('uv'))).code).toBe('no_command');
  });

  it('fails with serial_not_installed when the serialport package is absent', async () => {
    const absent = async () => {
      throw Object.assign(new Error("Cannot find package 'serialport'"), { code: 'ERR_MODULE_NOT_FOUND' });
    };
    const error = await rejection(loadSerialPortFactory(absent));
    expect(error.code).toBe('serial_not_installed');
    expect(error.message).toMatch(/^Serial support not installed/);
    // The package ships with the kiosk (optional dependency): the real import gives a factory.
    expect(typeof (await loadSerialPortFactory())).toBe('function');
  });

  it('builds ports through the package export when it is installed', async () => {
    const created: unknown[] = [];
    class SerialPort extends FakeSerialPort {
      constructor(options: { path: string; baudRate: number; autoOpen: boolean }) {
        super(options);
        created.push(options);
      }
    }
    const factory = await loadSerialPortFactory(async () => ({ SerialPort }));
    factory({ path: 'COM3', baudRate: 19200 });
    expect(created).toEqual([{ path: 'COM3', baudRate: 19200, autoOpen: false }]);
  });
});
