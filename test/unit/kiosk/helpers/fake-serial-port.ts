/**
 * A serial port at the true hardware boundary: the same SerialPortLike shape node-serialport
 * offers, recording what was written and able to vanish like an unplugged USB adapter.
 */
import { EventEmitter } from 'node:events';
import type { SerialPortLike, SerialPortOptions } from '../../../../main/device/serial-port.ts';

type Callback = (error: Error | null | undefined) => void;

export class FakeSerialPort extends EventEmitter implements SerialPortLike {
  isOpen = false;
  /** Every chunk written, in order, with the time (ms since creation) it was drained. */
  readonly written: { data: string; at: number }[] = [];
  openError: Error | null = null;
  /** When true, writes never complete (a hung controller). */
  hang = false;
  private readonly born = performance.now();

  constructor(readonly options: SerialPortOptions) {
    super();
  }

  open(callback: Callback): void {
    setImmediate(() => {
      if (this.openError) return callback(this.openError);
      this.isOpen = true;
      callback(null);
    });
  }

  write(data: string, callback: Callback): boolean {
    if (!this.isOpen) {
      setImmediate(() => callback(new Error('Port is not open')));
      return false;
    }
    if (this.hang) return false;
    setImmediate(() => {
      this.written.push({ data, at: performance.now() - this.born });
      callback(null);
    });
    return true;
  }

  drain(callback: Callback): void {
    if (this.hang) return;
    setImmediate(() => callback(this.isOpen ? null : new Error('Port is not open')));
  }

  close(callback: Callback): void {
    setImmediate(() => {
      this.isOpen = false;
      this.emit('close', null);
      callback(null);
    });
  }

  /** What node-serialport does when the adapter is unplugged: close with a disconnected error. */
  vanish(): void {
    this.isOpen = false;
    const error = Object.assign(new Error('Reading from COM port (ReadIOCompletion): Operation aborted'), { disconnected: true });
    this.emit('close', error);
  }

  /** The commands sent, line endings stripped. */
  commands(): string[] {
    return this.written.map((w) => w.data.replace(/\r?\n$/, ''));
  }
}
