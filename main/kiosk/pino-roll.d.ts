// pino-roll ships no type definitions; this declares the part main/kiosk/log.ts uses
// (https://github.com/mcollina/pino-roll, README "API").
declare module 'pino-roll' {
  import type { EventEmitter } from 'node:events';

  export interface PinoRollOptions {
    /** Base path: `<dir>/kiosk.log` is written as `kiosk.1.log`, `kiosk.2.log`, ... */
    file: string;
    /** Roll when the file reaches this size; a number is MB, a string may end in b, k, m or g. */
    size?: number | string;
    frequency?: number | 'daily' | 'hourly';
    mkdir?: boolean;
    /** `count` files besides the active one; with removeOtherLogFiles, also those of earlier runs. */
    limit?: { count?: number; removeOtherLogFiles?: boolean };
    /** sonic-boom: write synchronously. */
    sync?: boolean;
    /** sonic-boom: bytes buffered before a write starts. */
    minLength?: number;
  }

  /** A sonic-boom stream, usable as pino's destination. */
  export interface RollStream extends EventEmitter {
    write(chunk: string): boolean;
    flush(callback?: (error?: Error) => void): void;
    end(): void;
    readonly file: string;
  }

  export default function build(options: PinoRollOptions): Promise<RollStream>;
}
