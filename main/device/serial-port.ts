/**
 * The part of node-serialport (v10 and later) the light controller uses. The package ships with
 * the kiosk (optionalDependency `serialport`, N-API prebuilds) but is loaded on first use, so a
 * kiosk without a serial light controller (simulated units, single cameras) never loads the
 * native module, and a build where it failed to install still starts (`serial_not_installed`).
 */
import { LightControllerError } from './lights.ts';

type Callback = (error: Error | null | undefined) => void;

/**
 * node-serialport's SerialPort stream, reduced to what we call. On an unplugged adapter the real
 * port emits `close` with an error whose `disconnected` is true, but only while the stream is
 * being read (a `data` listener): its poller is what sees the hangup.
 */
export interface SerialPortLike {
  readonly isOpen: boolean;
  open(callback: Callback): void;
  write(data: string, callback: Callback): boolean;
  /** Calls back once the OS has taken every written byte. */
  drain(callback: Callback): void;
  close(callback: Callback): void;
  on(event: 'close' | 'error', listener: (error?: Error | null) => void): unknown;
  on(event: 'data', listener: (chunk: Buffer) => void): unknown;
}

export interface SerialPortOptions {
  readonly path: string;
  readonly baudRate: number;
}

/** Creates a port, not yet open (node-serialport's `autoOpen: false`). */
export type SerialPortFactory = (options: SerialPortOptions) => SerialPortLike;

/** How the package is imported; replaceable so a test can play "not installed". */
export type ModuleImporter = (specifier: string) => Promise<unknown>;

// A variable specifier keeps tsc from resolving the optional package at type-check time.
const SERIALPORT_PACKAGE = 'serialport';
const defaultImporter: ModuleImporter = (specifier) => import(specifier);

/**
 * Loads node-serialport lazily. Fails with `serial_not_installed` when the package (or its native
 * binding) is absent, instead of a bare module-resolution error deep in a capture.
 */
export async function loadSerialPortFactory(importer: ModuleImporter = defaultImporter): Promise<SerialPortFactory> {
  let loaded: unknown;
  try {
    loaded = await importer(SERIALPORT_PACKAGE);
  } catch (error) {
    throw new LightControllerError(
      'serial_not_installed',
      'Serial support not installed: the "serialport" package is missing from this kiosk build. ' +
        'Install it (npm install serialport, rebuilt for Electron when packaging) or set lightController.kind to "simulated" or "none".',
      { cause: error },
    );
  }
  const SerialPort = (loaded as { SerialPort?: unknown }).SerialPort;
  if (typeof SerialPort !== 'function') {
    throw new LightControllerError('serial_not_installed', 'Serial support not installed: the "serialport" package does not export SerialPort (unsupported version; v10 or later is needed).');
  }
  const Ctor = SerialPort as new (options: SerialPortOptions & { autoOpen: boolean }) => SerialPortLike;
  return (options) => new Ctor({ path: options.path, baudRate: options.baudRate, autoOpen: false });
}
