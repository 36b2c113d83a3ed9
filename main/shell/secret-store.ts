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
import type { SafeStorage } from 'electron';
import { readSecretFile, writeSecretFile, type SecretStore } from '../kiosk/secrets.ts';

/**
 * What the store uses of Electron's safeStorage (tests pass a fake). getSelectedStorageBackend
 * exists on Linux only: 'basic_text' there means a hard-coded key (obfuscation, not protection).
 */
export type SafeStorageLike = Pick<SafeStorage, 'isEncryptionAvailable' | 'encryptString' | 'decryptString'> & Partial<Pick<SafeStorage, 'getSelectedStorageBackend'>>;

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

  private read(): Promise<Record<string, string>> {
    return readSecretFile(this.file);
  }

  private write(entries: Record<string, string>): Promise<void> {
    return writeSecretFile(this.file, entries);
  }
}
