/**
 * Where the platform app_secret lives. The Electron shell passes a SecretStore backed by
 * safeStorage (main/shell/secret-store.ts, same shape); plain Node (browser host, tests, the
 * headless session) uses FileSecretStore: a 0600 JSON file, not encrypted, with a warning the
 * technician sees in diagnostics.
 */
import { readFile } from 'node:fs/promises';
import { z } from 'zod';
import { writeDurable } from '../../common/node/durable-file.ts';

export interface SecretStore {
  get(name: string): Promise<string | null>;
  set(name: string, value: string): Promise<void>;
  delete(name: string): Promise<void>;
  /** Why the secrets are less protected than they should be, for the technician; null when fine. */
  readonly warning: string | null;
}

export const APP_SECRET = 'platform.appSecret';

const fileSchema = z.object({ version: z.literal(1), entries: z.record(z.string(), z.string()) });

export class FileSecretStore implements SecretStore {
  readonly warning =
    'The platform app secret is stored unencrypted in a file readable only by the kiosk user (mode 0600): no OS keychain is available outside Electron. Protect the data directory.';

  constructor(private readonly file: string) {}

  async get(name: string): Promise<string | null> {
    return (await this.read())[name] ?? null;
  }

  async set(name: string, value: string): Promise<void> {
    await this.write({ ...(await this.read()), [name]: value });
  }

  async delete(name: string): Promise<void> {
    const entries = await this.read();
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

/**
 * The entries of a secret file (`{version: 1, entries}`; FileSecretStore keeps them plain, the
 * Electron store sealed by safeStorage): {} when there is no file yet, an error when it is not one.
 */
export async function readSecretFile(file: string): Promise<Record<string, string>> {
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return {};
    throw error;
  }
  const parsed = fileSchema.safeParse(JSON.parse(text));
  if (!parsed.success) throw new Error(`${file} is not a kiosk secret file: ${parsed.error.issues[0]?.message ?? 'invalid'}`);
  return { ...parsed.data.entries };
}

/** Created 0600 from the start (never readable by others for an instant), written crash-safely. */
export async function writeSecretFile(file: string, entries: Record<string, string>): Promise<void> {
  await writeDurable(file, `${JSON.stringify({ version: 1, entries })}\n`, undefined, { mode: 0o600 });
}
