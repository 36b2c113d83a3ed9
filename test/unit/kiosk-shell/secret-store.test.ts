import { existsSync, mkdtempSync, readFileSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { SafeStorage } from 'electron';
import { describe, expect, it } from 'vitest';
import { SafeStorageSecretStore, safeStorageWarning, type SafeStorageLike } from '../../../main/shell/secret-store.ts';

/** A stand-in for Electron's safeStorage: XOR "encryption", enough to tell sealed bytes from plain text. */
function fakeSafeStorage(available: boolean, backend?: ReturnType<SafeStorage['getSelectedStorageBackend']>): SafeStorageLike {
  const xor = (bytes: Buffer) => Buffer.from(bytes.map((b) => b ^ 0x5a));
  return {
    isEncryptionAvailable: () => available,
    encryptString: (text) => {
      if (!available) throw new Error('Encryption is not available.');
      return xor(Buffer.from(`v10${text}`));
    },
    decryptString: (sealed) => xor(sealed).toString().slice(3),
    ...(backend === undefined ? {} : { getSelectedStorageBackend: () => backend }),
  };
}

const tempFile = () => join(mkdtempSync(join(tmpdir(), 'kiosk-secrets-')), 'nested', 'secrets.json');

describe('SafeStorageSecretStore', () => {
  it('keeps secrets sealed on disk (0600) and reads them back across instances', async () => {
    const file = tempFile();
    const store = new SafeStorageSecretStore(file, fakeSafeStorage(true, 'gnome_libsecret'));
    expect(store.warning).toBeNull();
    await store.set('app_secret', 'Sup3r-Secret-Value');
    await store.set('other', 'x');
    const onDisk = readFileSync(file, 'utf8');
    expect(onDisk).not.toContain('Sup3r-Secret-Value');
    if (process.platform !== 'win32') expect(statSync(file).mode & 0o777).toBe(0o600);
    const again = new SafeStorageSecretStore(file, fakeSafeStorage(true, 'gnome_libsecret'));
    expect(await again.get('app_secret')).toBe('Sup3r-Secret-Value');
    await again.delete('app_secret');
    expect(await again.get('app_secret')).toBeNull();
    expect(await again.get('other')).toBe('x');
    expect(await again.get('never-set')).toBeNull();
  });

  it('warns the technician when Linux falls back to the basic_text backend', () => {
    const warning = safeStorageWarning(fakeSafeStorage(true, 'basic_text'));
    expect(warning).toMatch(/No keyring/);
    expect(new SafeStorageSecretStore(tempFile(), fakeSafeStorage(true, 'basic_text')).warning).toBe(warning);
  });

  it('writes nothing to disk when encryption is unavailable, keeps the secret for this run and says so', async () => {
    const file = tempFile();
    const store = new SafeStorageSecretStore(file, fakeSafeStorage(false));
    expect(store.warning).toMatch(/in memory only/);
    await store.set('app_secret', 'plain');
    expect(await store.get('app_secret')).toBe('plain');
    expect(existsSync(file)).toBe(false);
  });

  it('refuses a secrets file that is not one of ours instead of treating it as empty', async () => {
    const file = tempFile();
    const store = new SafeStorageSecretStore(file, fakeSafeStorage(true));
    await store.set('a', 'b');
    const { writeFileSync } = await import('node:fs');
    writeFileSync(file, '{"version":2}');
    await expect(store.get('a')).rejects.toThrow(/not a kiosk secret file/);
  });
});
