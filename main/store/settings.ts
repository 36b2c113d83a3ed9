/**
 * Settings changed at the kiosk (kiosk_settings, migration 002): one JSON value per key, over the
 * configuration file. What the keys mean and how they are checked is main/kiosk/settings.ts.
 */
import type { Db } from './database.ts';

export class SettingsRepository {
  readonly #db: Db;

  constructor(db: Db) {
    this.#db = db;
  }

  /** The stored value of a key (parsed JSON, unchecked: the caller validates it), or null. */
  read(key: string): unknown {
    const row = this.#db.prepare('SELECT value FROM kiosk_settings WHERE key = ?').get(key) as { value: string } | undefined;
    return row ? (JSON.parse(row.value) as unknown) : null;
  }

  /** Writes every entry in one transaction: an update is stored whole or not at all. */
  write(entries: Readonly<Record<string, unknown>>, now: number): void {
    const db = this.#db;
    const upsert = db.prepare(
      'INSERT INTO kiosk_settings (key, value, updated_at) VALUES (?, ?, ?) ON CONFLICT (key) DO UPDATE SET value = excluded.value, updated_at = excluded.updated_at',
    );
    db.transaction(() => {
      for (const [key, value] of Object.entries(entries)) if (value !== undefined) upsert.run(key, JSON.stringify(value), now);
    }).immediate();
  }
}
