/**
 * The upload step reads and checks the capture while its policy is asked for (D-090), and a
 * capture that no longer matches its hash still fails the session whatever the platform answers.
 */
import { writeFileSync } from 'node:fs';
import type * as fsPromises from 'node:fs/promises';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { PlatformUnreachableError } from '../../../main/platform-client/errors.ts';
import type { UploadFn } from '../../../main/sync/session-steps.ts';
import { ScriptedClient, USER_ANSWER, confirmedSession, policyAnswer, scriptedEngine, tempStore } from './helpers.ts';

/** readFile of the kiosk's modules waits for this while it is set: the disk made slow at will. */
const disk = vi.hoisted(() => ({ held: null as Promise<void> | null, reads: 0 }));
vi.mock('node:fs/promises', async (importOriginal) => {
  const actual = await importOriginal<typeof fsPromises>();
  const readFile = (async (...args: Parameters<typeof actual.readFile>) => {
    disk.reads++;
    if (disk.held) await disk.held;
    return actual.readFile(...args);
  }) as typeof actual.readFile;
  return { ...actual, default: { ...actual, readFile }, readFile };
});

const cleanups: (() => void)[] = [];
afterEach(() => {
  disk.held = null;
  cleanups.splice(0).forEach((c) => c());
});

async function uploadStage(client: ScriptedClient, upload: UploadFn) {
  const { store, cleanup } = await tempStore(() => 1_800_000_000_000);
  cleanups.push(cleanup);
  const engine = scriptedEngine(store, client, { now: () => 1_800_000_000_000, upload });
  const { sessionId } = await confirmedSession(store);
  engine.enqueueSession(sessionId);
  await engine.runOnce(); // register_user
  expect(engine.job(sessionId)?.stage).toBe('upload');
  return { store, engine, sessionId };
}

describe('the upload step', () => {
  it('asks for the policy while the capture is still being read', async () => {
    const sent: Uint8Array[] = [];
    const client = new ScriptedClient({ '/device_api/users': () => USER_ANSWER, '/skin_api/file/upload_policy': () => policyAnswer() });
    const { engine, sessionId } = await uploadStage(client, async (_policy, options) => void sent.push(options.bytes));
    let release!: () => void;
    disk.held = new Promise((resolve) => (release = resolve));
    const readsBefore = disk.reads;
    const step = engine.runOnce();
    // The policy request goes out while the read is held (sequentially it would wait for the read).
    await vi.waitFor(() => expect(client.count('/skin_api/file/upload_policy')).toBe(1), { timeout: 2000, interval: 10 });
    expect(disk.reads).toBeGreaterThan(readsBefore);
    expect(sent).toHaveLength(0);
    release();
    await step;
    expect(sent).toHaveLength(1);
    expect(engine.job(sessionId)?.stage).toBe('create_task');
  });

  it('fails on a capture changed since it was taken even while the platform cannot be reached', async () => {
    const client = new ScriptedClient({
      '/device_api/users': () => USER_ANSWER,
      '/skin_api/file/upload_policy': () => {
        throw new PlatformUnreachableError('POST /skin_api/file/upload_policy', 'network');
      },
    });
    const { store, engine, sessionId } = await uploadStage(client, async () => undefined);
    const [capture] = store.listCaptures(sessionId);
    writeFileSync(capture!.path, Buffer.from('not the bytes that were hashed'));
    await engine.runOnce();
    expect(engine.job(sessionId)).toMatchObject({ stage: 'failed', failedStage: 'upload', errorCode: 'capture_corrupt' });
  });
});
