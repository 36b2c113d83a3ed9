/**
 * The kiosk's own log: the last lines in memory for exportLogs and the technician screen, and
 * every entry as a pino JSON line in `<dataDir>/logs/`, rolled by size so it never fills the
 * disk (D-042): `kiosk.1.log`, `kiosk.2.log`, ..., the oldest removed beyond `maxFiles`. Callers
 * never log inputs (PINs, secrets, customer details): messages name ids, stages and codes only.
 */
// pino-roll ships no types, and an ambient declaration cannot be imported: the reference brings it
// into every program that compiles this file (main's, the tests', the packaging build).
// eslint-disable-next-line @typescript-eslint/triple-slash-reference
/// <reference path="./pino-roll.d.ts" />
import { pino, type Logger } from 'pino';
import roll, { type RollStream } from 'pino-roll';

export type LogLevel = 'info' | 'warn' | 'error';

export interface KioskLogOptions {
  /** The log's base path (`<dataDir>/logs/kiosk.log`); null keeps the lines in memory only. */
  readonly file: string | null;
  /** Lines kept in memory. Default 2000. */
  readonly keep?: number;
  /** Also hands each line here (the console of a development run). */
  readonly echo?: ((line: string) => void) | null;
  /** A file is rolled once it reaches this size. Default 5 MiB. */
  readonly maxFileBytes?: number;
  /** Files kept, the one being written included; older ones are removed. Default 5. */
  readonly maxFiles?: number;
}

/** About 25 MiB at most on disk: weeks of a busy kiosk's log, far from any disk-full warning. */
export const LOG_DEFAULTS = { keep: 2000, maxFileBytes: 5 * 1024 * 1024, maxFiles: 5 } as const;

export class KioskLog {
  private readonly ring: string[] = [];
  /** Why the file is not written (it could not be opened, or a write failed), or null. */
  private fileError: string | null = null;

  private constructor(
    private readonly keep: number,
    private readonly echo: ((line: string) => void) | null,
    private logger: Logger | null,
    private readonly stream: RollStream | null,
  ) {
    // A full or failing disk loses log lines, never the caller's work (nor the process).
    stream?.on('error', (error: Error) => {
      if (this.fileError === null) this.remember('error', `log file not written: ${error.message}`);
      this.fileError = error.message;
    });
  }

  static async open(options: KioskLogOptions): Promise<KioskLog> {
    const keep = options.keep ?? LOG_DEFAULTS.keep;
    const echo = options.echo ?? null;
    if (!options.file) return new KioskLog(keep, echo, null, null);
    let stream: RollStream;
    try {
      stream = await roll({
        file: options.file,
        size: `${options.maxFileBytes ?? LOG_DEFAULTS.maxFileBytes}b`,
        mkdir: true,
        // Files of earlier runs count too: a kiosk restarted daily must not keep every day's file.
        limit: { count: Math.max(1, (options.maxFiles ?? LOG_DEFAULTS.maxFiles) - 1), removeOtherLogFiles: true },
        // Lines are still written at once; with a minimum of 0 sonic-boom's flush() would not
        // wait for the write in flight, and close() could lose the last lines.
        minLength: 1,
      });
    } catch (error) {
      const log = new KioskLog(keep, echo, null, null);
      log.fileError = error instanceof Error ? error.message : String(error);
      log.write('error', `log file ${options.file} cannot be written: ${log.fileError}`);
      return log;
    }
    const logger = pino({ base: null, timestamp: pino.stdTimeFunctions.isoTime, formatters: { level: (label) => ({ level: label }) } }, stream);
    return new KioskLog(keep, echo, logger, stream);
  }

  write(level: LogLevel, message: string): void {
    this.remember(level, message);
    this.logger?.[level](message);
  }

  lines(): readonly string[] {
    return this.ring;
  }

  /** Why lines are not reaching the file, or null while they are. */
  get problem(): string | null {
    return this.fileError;
  }

  /** Resolves once every line written so far is in the file. */
  flush(): Promise<void> {
    const stream = this.stream;
    if (!stream) return Promise.resolve();
    return new Promise((resolve) => stream.flush(() => resolve()));
  }

  /** Flushes and closes the file; later lines stay in memory only. */
  async close(): Promise<void> {
    const stream = this.stream;
    if (!stream || !this.logger) return;
    this.logger = null;
    // A stream that failed is done already: waiting for its close could wait for ever.
    if (this.fileError !== null) return;
    await this.flush();
    await new Promise<void>((resolve) => {
      stream.once('close', () => resolve());
      stream.end();
    });
  }

  /** The memory side: the ring exportLogs reads, and the echo. */
  private remember(level: LogLevel, message: string): void {
    const line = `${new Date().toISOString()} ${level.padEnd(5)} ${message.replace(/\s*\n\s*/g, ' | ')}`;
    this.ring.push(line);
    if (this.ring.length > this.keep) this.ring.splice(0, this.ring.length - this.keep);
    this.echo?.(line);
  }
}
