/**
 * The kiosk's own log: the last lines in memory for exportLogs and the technician screen, and
 * every line appended to `<dataDir>/logs/kiosk.log`. Callers never log inputs (PINs, secrets,
 * customer details): messages name ids, stages and codes only.
 */
import { appendFile, mkdir } from 'node:fs/promises';
import { dirname } from 'node:path';

export type LogLevel = 'info' | 'warn' | 'error';

export class KioskLog {
  private readonly ring: string[] = [];
  private pending: Promise<void> = Promise.resolve();
  private ready: Promise<void> | null = null;

  constructor(
    private readonly file: string | null,
    private readonly keep = 2000,
    private readonly echo: ((line: string) => void) | null = null,
  ) {}

  write(level: LogLevel, message: string): void {
    const line = `${new Date().toISOString()} ${level.padEnd(5)} ${message.replace(/\s*\n\s*/g, ' | ')}`;
    this.ring.push(line);
    if (this.ring.length > this.keep) this.ring.splice(0, this.ring.length - this.keep);
    this.echo?.(line);
    const file = this.file;
    if (!file) return;
    this.ready ??= mkdir(dirname(file), { recursive: true }).then(() => undefined);
    // Serialised appends; a full disk loses log lines, never the caller's work.
    this.pending = this.pending.then(() => this.ready!).then(() => appendFile(file, `${line}\n`)).catch(() => undefined);
  }

  lines(): readonly string[] {
    return this.ring;
  }

  flush(): Promise<void> {
    return this.pending;
  }
}
