/**
 * The upload step asks for the session's following capture's policy while the current capture's
 * bytes travel, and keeps it in the outbox (D-093): the next step starts its transfer at once.
 * Its file is read and checked meanwhile too, and handed to that step. Order, retries, a failed
 * transfer mid-session, a prefetched policy near the end of its ttl and a restart in between are
 * checked here on a three-capture session.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import type * as fsPromises from 'node:fs/promises';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { CallInput } from '../../../main/platform-client/client.ts';
import { PlatformError, PlatformUnreachableError } from '../../../main/platform-client/errors.ts';
import { KioskStore } from '../../../main/store/kiosk-store.ts';
import type { CaptureRecord } from '../../../main/store/types.ts';
import { CaptureReadAhead } from '../../../main/sync/capture-read-ahead.ts';
import type { UploadFn } from '../../../main/sync/session-steps.ts';
import type { UploadPolicyResponse } from '../../../protocol/skin-api/upload-policy.ts';
import type { Endpoint } from '../../../protocol/endpoint.ts';
import { ScriptedClient, USER_ANSWER, confirmedSession, policyAnswer, scriptedEngine, tempStore, type Handler } from './helpers.ts';

/** Every path the kiosk's modules read with readFile, in order. */
const disk = vi.hoisted(() => ({ reads: [] as string[] }));
vi.mock('node:fs/promises', async (importOriginal) => {
  const actual = await importOriginal<typeof fsPromises>();
  const readFile = (async (...args: Parameters<typeof actual.readFile>) => {
    disk.reads.push(String(args[0]));
    return actual.readFile(...args);
  }) as typeof actual.readFile;
  return { ...actual, default: { ...actual, readFile }, readFile };
});

const POLICY = '/skin_api/file/upload_policy';
const T0 = 1_800_000_000_000;
const cleanups: (() => void)[] = [];
afterEach(() => cleanups.splice(0).forEach((c) => c()));

const fileNameOf = (input: CallInput<Endpoint>) => (input.body as { file_name: string }).file_name;
/** A policy whose resource key ends with the file name it was asked for, so each upload can be matched to its request. */
const policyFor = (ttl = 900) => (input: CallInput<Endpoint>) => ({ ...policyAnswer(`-${fileNameOf(input)}`), ttl });

interface Sent {
  readonly fileName: string;
  readonly policy: UploadPolicyResponse;
  readonly bytes: Uint8Array;
}

async function multiLightSession(client: ScriptedClient, upload: UploadFn) {
  let now = T0;
  const { store, dir, cleanup } = await tempStore(() => now);
  cleanups.push(cleanup);
  const options = { now: () => now, upload };
  const engine = scriptedEngine(store, client, options);
  const { sessionId } = await confirmedSession(store, 'multi_light');
  engine.enqueueSession(sessionId);
  await engine.runOnce(); // register_user
  expect(engine.job(sessionId)?.stage).toBe('upload');
  return { store, dir, engine, sessionId, options, clock: { set: (at: number) => (now = at), get: () => now } };
}

/** Records each transfer; `hold` makes the next transfer wait until released. */
function recordingUpload() {
  const sent: Sent[] = [];
  let hold: Promise<void> | null = null;
  const upload: UploadFn = async (policy, options) => {
    if (hold) await hold;
    sent.push({ fileName: options.fileName, policy, bytes: options.bytes });
  };
  return {
    sent,
    upload,
    holdNext(): () => void {
      let release!: () => void;
      hold = new Promise((resolve) => (release = resolve));
      return () => ((hold = null), release());
    },
  };
}

/** A session at its upload stage on a scripted platform answering policies with `policy`, its transfers recorded. */
async function sessionAtUpload(policy: Handler = policyFor()) {
  const client = new ScriptedClient({ '/device_api/users': () => USER_ANSWER, [POLICY]: policy });
  const transfers = recordingUpload();
  const session = await multiLightSession(client, transfers.upload);
  const captures = session.store.listCaptures(session.sessionId);
  return { ...session, client, transfers, captures, names: captures.map((c) => `${c.view}_${c.light}.jpg`) };
}

const policyRequests = (client: ScriptedClient) => client.calls.filter((c) => c.path === POLICY).map((c) => fileNameOf(c.input));

describe('the upload step of a multi-light session', () => {
  it("asks for the following capture's policy while the current capture's PUT is in flight, and the next step uses it", async () => {
    const { client, transfers, store, engine, sessionId, captures, names } = await sessionAtUpload();
    const readsOf = (i: number) => disk.reads.filter((path) => path === captures[i]!.path).length;

    const release = transfers.holdNext();
    const first = engine.runOnce();
    // The first PUT is held: the second capture's policy is asked for and its file read meanwhile.
    await vi.waitFor(() => expect(policyRequests(client)).toEqual(names.slice(0, 2)), { timeout: 2000, interval: 5 });
    await vi.waitFor(() => expect(readsOf(1)).toBe(1), { timeout: 2000, interval: 5 });
    expect(transfers.sent).toHaveLength(0);
    release();
    await first;
    await engine.runOnce();
    expect(readsOf(1)).toBe(1); // the second step sent the bytes read ahead, checked then
    expect(Buffer.from(transfers.sent[1]!.bytes).equals(readFileSync(captures[1]!.path))).toBe(true);
    // The second step sent at once with the kept policy, and asked for the third's.
    expect(policyRequests(client)).toEqual(names);
    await engine.runOnce();
    expect(policyRequests(client)).toEqual(names); // nothing asked twice, nothing beyond the session
    // In capture order, each with the policy asked for its own file name.
    expect(transfers.sent.map((s) => s.fileName)).toEqual(names);
    for (const s of transfers.sent) expect(s.policy.resource_key.endsWith(`-${s.fileName}`)).toBe(true);
    expect(engine.job(sessionId)?.stage).toBe('create_task');
    const uploads = store.outbox.uploadsOf(sessionId);
    expect(store.listCaptures(sessionId).map((c) => uploads.get(c.id)?.resource_url)).toEqual(transfers.sent.map((s) => s.policy.resource_url));
  });

  it('keeps the prefetched policy when the transfer in flight fails, and uses it after the retry of the failed file', async () => {
    const client = new ScriptedClient({ '/device_api/users': () => USER_ANSWER, [POLICY]: policyFor() });
    let failNext = false;
    const sent: string[] = [];
    const { store, engine, sessionId, clock } = await multiLightSession(client, async (_policy, options) => {
      if (failNext) {
        failNext = false;
        throw new PlatformUnreachableError('PUT upload', 'network');
      }
      sent.push(options.fileName);
    });
    const captures = store.listCaptures(sessionId);
    const names = captures.map((c) => `${c.view}_${c.light}.jpg`);
    await engine.runOnce(); // first file; second's policy prefetched
    failNext = true;
    await engine.runOnce(); // second file's PUT fails; third's policy was asked for beside it
    expect(engine.job(sessionId)).toMatchObject({ stage: 'upload', errorCode: 'unreachable' });
    expect(store.outbox.uploadsOf(sessionId).get(captures[2]!.id)?.policy).toContain(`-${names[2]}`);
    expect(policyRequests(client)).toEqual(names);

    clock.set(T0 + 60_000); // past the backoff
    engine.wake();
    await engine.runOnce();
    await engine.runOnce();
    expect(sent).toEqual(names);
    expect(policyRequests(client)).toEqual(names); // the retry and the third file reused kept policies
    expect(engine.job(sessionId)?.stage).toBe('create_task');
  });

  it('asks again for a prefetched policy whose ttl is near its end, and sends with the new one', async () => {
    const answers: UploadPolicyResponse[] = [];
    const { client, transfers, store, engine, sessionId, clock, names } = await sessionAtUpload((input) => {
      const answer = policyFor(60)(input) as UploadPolicyResponse;
      answers.push(answer);
      return answer;
    });
    await engine.runOnce(); // first file; second's policy prefetched at T0 with a 60 s ttl
    expect(policyRequests(client)).toEqual(names.slice(0, 2));
    // 50 s later the kept policy has 10 s left: less than the margin (a quarter of the ttl).
    clock.set(T0 + 50_000);
    await engine.runOnce();
    expect(policyRequests(client)).toEqual([names[0], names[1], names[1], names[2]]);
    // Sent with the policy asked for at 50 s, not the prefetched one, and that one recorded.
    expect(transfers.sent[1]).toMatchObject({ fileName: names[1], policy: answers[2] });
    expect(answers[2]!.resource_key).not.toBe(answers[1]!.resource_key);
    expect(store.outbox.uploadsOf(sessionId).get(store.listCaptures(sessionId)[1]!.id)?.resource_url).toBe(answers[2]!.resource_url);
  });

  it('a policy the platform refuses to prefetch does not fail the file in flight; the next step asks again', async () => {
    let requests = 0;
    const { client, transfers, engine, sessionId, names } = await sessionAtUpload((input) => {
      if (++requests === 2) throw new PlatformError(POLICY, { code: 44098, msg: 'no valid order', error: '', request_uri: POLICY, req_id: 'r' }, 200, undefined);
      return policyFor()(input);
    });
    await engine.runOnce();
    expect(engine.job(sessionId)).toMatchObject({ stage: 'upload', errorCode: null });
    expect(transfers.sent.map((s) => s.fileName)).toEqual([names[0]]);
    await engine.runOnce();
    await engine.runOnce();
    expect(transfers.sent.map((s) => s.fileName)).toEqual(names);
    expect(policyRequests(client)).toEqual([names[0], names[1], names[1], names[2]]);
  });

  it('a prefetched policy kept in the outbox survives a restart of the kiosk and is used after it', async () => {
    const { client, transfers, store, dir, engine, sessionId, options, names } = await sessionAtUpload();
    await engine.runOnce();
    store.close();
    const reopened = await KioskStore.open({ dataDir: dir, verifyHashesOnStartup: 'unsynced', now: options.now });
    cleanups.unshift(() => reopened.close());
    const again = scriptedEngine(reopened, client, options);
    await again.runOnce();
    expect(policyRequests(client)).toEqual(names);
    expect(transfers.sent[1]?.policy.resource_key.endsWith(`-${names[1]}`)).toBe(true);
    expect(reopened.outbox.uploadsOf(sessionId).get(reopened.listCaptures(sessionId)[1]!.id)?.resource_url).toBe(transfers.sent[1]!.policy.resource_url);
  });
});


describe('the read ahead of a capture', () => {
  it('a capture changed on disk after it was read ahead is sent as it was when checked; one changed before fails the session', async () => {
    const { transfers, engine, sessionId, captures } = await sessionAtUpload();
    const original = readFileSync(captures[1]!.path);
    await engine.runOnce(); // reads the second capture ahead, checked against its hash
    writeFileSync(captures[1]!.path, Buffer.from('changed after the check'));
    writeFileSync(captures[2]!.path, Buffer.from('changed before any read'));
    await engine.runOnce();
    expect(Buffer.from(transfers.sent[1]!.bytes).equals(original)).toBe(true);
    // The third capture was read ahead during the second's transfer, after its change.
    await engine.runOnce();
    expect(engine.job(sessionId)).toMatchObject({ stage: 'failed', failedStage: 'upload', errorCode: 'capture_corrupt' });
    expect(transfers.sent).toHaveLength(2);
  });

  it('hands bytes only to the same capture with the same hash, once', async () => {
    const ahead = new CaptureReadAhead();
    const capture = { id: 'c1', sha256: 'aa' } as CaptureRecord;
    const bytes = new Uint8Array([1, 2, 3]);
    ahead.start(capture, async () => bytes);
    expect(ahead.take({ ...capture, id: 'c2' })).toBeNull(); // another capture: let go
    expect(ahead.take(capture)).toBeNull();
    ahead.start(capture, async () => bytes);
    expect(ahead.take({ ...capture, sha256: 'bb' })).toBeNull(); // retaken under the same id: never
    ahead.start(capture, async () => bytes);
    await expect(ahead.take(capture)).resolves.toBe(bytes);
    expect(ahead.take(capture)).toBeNull();
  });
});
