/**
 * Secrets of the kiosk (the platform app_secret) encrypted with Electron's safeStorage (the OS
 * keychain: DPAPI, Keychain, libsecret/kwallet) in `<dataDir>/secrets.json`. Electron-free: it
 * takes the safeStorage object, so tests pass a fake.
 *
 * Where protection is weak the technician is told (the `warning`, shown in diagnostics and
 * logged): on Linux without a keyring safeStorage falls back to 'basic_text', a key hard-coded in
 * Chromium (obfuscation only); where encryption is unavailable nothing is written to disk at all
 * and the secret lasts until the kiosk restarts (docs/kiosk-shell.md, Secrets).
 */
import { randomBytes } from 'node:crypto';
import { mkdir, open, readFile, rename } from 'node:fs/promises';
import { dirname } from 'node:path';
import { z } from 'zod';
import type { SafeStorageLike } from './electron-types.ts';

export interface SecretStore {
  get(name: string): Promise<string | null>;
  set(name: string, value: string): Promise<void>;
  delete(name: string): Promise<void>;
  /** Why the secrets are less protected than they should be, for the technician; null when fine. */
  readonly warning: string | null;
}

const fileSchema = z.object({ version: z.literal(1), entries: z.record(z.string(), z.string()) });

export function safeStorageWarning(safeStorage: SafeStorageLike): string | null {
  if (!safeStorage.isEncryptionAvailable()) {
    return 'The operating system offers no secret storage: the platform app secret is kept in memory only and must be entered again after every restart.';
  }
  const backend = safeStorage.getSelectedStorageBackend?.();
  if (backend === 'basic_text') {
    return 'No keyring (GNOME Keyring / KWallet) is running: the platform app secret is stored with a fixed, publicly known key. Install and unlock a keyring for the kiosk user.';
  }
  return null;
}

export class SafeStorageSecretStore implements SecretStore {
  readonly warning: string | null;
  private readonly persistent: boolean;
  private readonly memory = new Map<string, string>();

  constructor(
    private readonly file: string,
    private readonly safeStorage: SafeStorageLike,
  ) {
    this.warning = safeStorageWarning(safeStorage);
    this.persistent = safeStorage.isEncryptionAvailable();
  }

  async get(name: string): Promise<string | null> {
    if (!this.persistent) return this.memory.get(name) ?? null;
    const sealed = (await this.read())[name];
    return sealed === undefined ? null : this.safeStorage.decryptString(Buffer.from(sealed, 'base64'));
  }

  async set(name: string, value: string): Promise<void> {
    if (!this.persistent) return void this.memory.set(name, value);
    const entries = await this.read();
    entries[name] = this.safeStorage.encryptString(value).toString('base64');
    await this.write(entries);
  }

  async delete(name: string): Promise<void> {
    this.memory.delete(name);
    if (!this.persistent) return;
    const entries = await this.read();
    if (!(name in entries)) return;
    delete entries[name];
    await this.write(entries);
  }

  private async read(): Promise<Record<string, string>> {
    let text: string;
    try {
      text = await readFile(this.file, 'utf8');
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return {};
      throw error;
    }
    const parsed = fileSchema.safeParse(JSON.parse(text));
    if (!parsed.success) throw new Error(`${this.file} is not a kiosk secret file: ${parsed.error.issues[0]?.message ?? 'invalid'}`);
    return { ...parsed.data.entries };
  }

  /** Temp file, fsync, rename: a crash leaves the old file or the new one, never half of one. */
  private async write(entries: Record<string, string>): Promise<void> {
    await mkdir(dirname(this.file), { recursive: true });
    const temp = `${this.file}.${randomBytes(4).toString('hex')}.tmp`;
    const handle = await open(temp, 'w', 0o600);
    try {
      await handle.writeFile(`${JSON.stringify({ version: 1, entries })}\n`);
      await handle.sync();
    } finally {
      await handle.close();
    }
    await rename(temp, this.file);
  }
}
