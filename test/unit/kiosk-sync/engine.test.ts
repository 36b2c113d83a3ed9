import { afterEach, describe, expect, it } from 'vitest';
import { PlatformError, PlatformUnreachableError } from '../../../main/platform-client/errors.ts';
import { SyncEngine } from '../../../main/sync/engine.ts';
import { NotConfiguredError } from '../../../main/sync/failures.ts';
import type { UploadFn } from '../../../main/sync/session-steps.ts';
import { ScriptedClient, USER_ANSWER as user, confirmedSession, policyAnswer, scriptedEngine, tempStore } from './helpers.ts';

const cleanups: (() => void)[] = [];
afterEach(() => cleanups.splice(0).forEach((c) => c()));

const meta = (code: number) => ({ code, msg: `code ${code}`, error: '', request_uri: '/', req_id: 'r' });
const skin = { type: 'skin', dimensions: [{ dimension: 'pore', level: 2, score: 60, confidence: 0.8, annotations: [] }], overall_score: 60, mask_format: 'annotation_image' };

function handlers(overrides: Record<string, (input: never) => unknown> = {}) {
  return {
    '/device_api/users': () => user,
    '/skin_api/file/upload_policy': () => policyAnswer(),
    '/skin_api/analyze/task': () => ({ task_id: 't1' }),
    '/skin_api/analyze/result': () => ({ task_id: 't1', api_code: 'online_skin', algorithm_variant: 'all_race_v2', created_at: 1, updated_at: 2, status: 'succeeded', finished_at: 2, result: skin }),
    '/device_api/reports': (input: { body: { client_report_id: string } }) => ({
      client_report_id: input.body.client_report_id, report_id: 3, source_type: 'pad', user_id: 7, created_at: 1, report_url: 'http://p/shared/reports/r', report_url_expires_at: 1_900_000_000,
    }),
    ...overrides,
  } as Record<string, (input: unknown) => unknown>;
}

async function setup(client: ScriptedClient, upload: UploadFn = async () => undefined) {
  let now = 1_800_000_000_000;
  const { store, cleanup } = await tempStore(() => now);
  cleanups.push(cleanup);
  const engine = scriptedEngine(store, client, { now: () => now, upload });
  const advance = (ms: number) => (now += ms);
  /** Runs due steps (moving the clock to the next due time) until nothing is left or `max` steps ran. */
  const run = async (max = 50) => {
    for (let i = 0; i < max; i++) {
      if (await engine.runOnce()) continue;
      const due = store.outbox.earliestDue();
      if (due === null) return;
      now = Math.max(now, due);
      engine.wake();
    }
  };
  return { store, engine, advance, run };
}

describe('sync engine', () => {
  it('runs register -> upload -> task (with the session idempotency key) -> poll -> submit (pad) -> done, marking the session synced', async () => {
    const client = new ScriptedClient(handlers());
    const { store, engine, run } = await setup(client);
    const { sessionId } = await confirmedSession(store);
    engine.enqueueSession(sessionId);
    await run();
    expect(engine.job(sessionId)).toMatchObject({ stage: 'done', taskId: 't1', result: skin, reportId: 3, reportUrl: 'http://p/shared/reports/r' });
    const submitted = client.calls.find((c) => c.path === '/device_api/reports')!;
    expect(submitted.input.body).toMatchObject({ client_report_id: sessionId, source_type: 'pad', task_id: 't1', device_sn: 'SIM', images: { front_image: 'http://p/skin_api/file/resource/k1' } });
    const create = client.calls.find((c) => c.path === '/skin_api/analyze/task')!;
    expect(create.input.headers).toEqual({ 'idempotency-key': `kiosk-${sessionId}-0` });
    expect(create.input.body).toMatchObject({ api_code: 'online_skin', algorithm_variant: 'all_race_v2', resources: { front_image: 'http://p/skin_api/file/resource/k1' } });
    expect(store.getSession(sessionId)?.syncedAt).not.toBeNull();
    expect(store.listCaptures(sessionId)[0]?.syncedAt).not.toBeNull();
  });

  it('polls with doubling delays while the task runs (TASK_POLL: 2 s doubling to 15 s)', async () => {
    let polls = 0;
    const client = new ScriptedClient(handlers({ '/skin_api/analyze/result': () => (++polls < 5 ? { task_id: 't1', api_code: 'online_skin', algorithm_variant: 'all_race_v2', created_at: 1, updated_at: 1, status: 'running' } : handlers()['/skin_api/analyze/result']!(undefined)) }));
    const { store, engine, run } = await setup(client);
    const { sessionId } = await confirmedSession(store);
    engine.enqueueSession(sessionId);
    const delays: number[] = [];
    for (let i = 0; i < 30 && engine.job(sessionId)?.stage !== 'done'; i++) {
      await run(1);
      const job = engine.job(sessionId)!;
      if (job.stage === 'poll' && job.pollDelayMs !== null && delays.at(-1) !== job.pollDelayMs) delays.push(job.pollDelayMs);
    }
    expect(delays).toEqual([2000, 4000, 8000, 15_000]);
    expect(engine.job(sessionId)?.stage).toBe('done');
  });

  it('reports the platform reached on an answer, even a refusal, and not reached offline or with no connection set up (D-111)', async () => {
    // One customer registration each: answered, refused (a configuration error the platform
    // sends), the platform away, and a kiosk with no platform settings.
    const contacts: Record<string, boolean[]> = {};
    for (const mode of ['answer', 'refuse', 'away', 'unset'] as const) {
      const { store, cleanup } = await tempStore();
      cleanups.push(cleanup);
      const client = new ScriptedClient(handlers({ '/device_api/users': () => {
        if (mode === 'refuse') throw new PlatformError('POST /device_api/users', meta(44098), 200, undefined);
        if (mode === 'away') throw new PlatformUnreachableError('POST /device_api/users', 'network');
        return user;
      } }));
      const seen: boolean[] = (contacts[mode] = []);
      const engine = scriptedEngine(store, client, {
        onContact: (reached) => seen.push(reached),
        client: () => {
          if (mode === 'unset') throw new NotConfiguredError('app secret missing');
          return client.asClient();
        },
      });
      engine.enqueueSession((await confirmedSession(store)).sessionId);
      await engine.runOnce();
    }
    expect(contacts).toEqual({ answer: [true], refuse: [true], away: [false], unset: [false] });
  });

  it('keeps the work and backs off with jitter while the platform is unreachable, then resumes', async () => {
    let down = true;
    const client = new ScriptedClient(handlers({ '/device_api/users': () => {
      if (down) throw new PlatformUnreachableError('POST /device_api/users', 'network');
      return user;
    } }));
    const { store, engine, advance } = await setup(client);
    const { sessionId } = await confirmedSession(store);
    engine.enqueueSession(sessionId);
    await engine.runOnce();
    const first = engine.job(sessionId)!;
    expect(first).toMatchObject({ stage: 'register_user', waiting: 'network', attempts: 1, errorCode: 'unreachable' });
    // Equal jitter: between half and all of the base delay.
    expect(first.nextAttemptAt - 1_800_000_000_000).toBeGreaterThanOrEqual(500);
    expect(first.nextAttemptAt - 1_800_000_000_000).toBeLessThanOrEqual(1000);
    // The offline gate: nothing is tried before the delay has passed.
    expect(await engine.runOnce()).toBe(false);
    advance(1000);
    expect(await engine.runOnce()).toBe(true);
    expect(client.count('/device_api/users')).toBe(2);
    down = false;
    advance(10_000);
    // The probe after an outage is what waited longest: the session's step, which registers its
    // customer on the way; back online, its upload follows.
    await engine.runOnce();
    expect(engine.job(sessionId)).toMatchObject({ stage: 'upload', waiting: null, attempts: 0, errorCode: null });
    await engine.runOnce();
    expect(engine.job(sessionId)).toMatchObject({ stage: 'create_task', waiting: null });
  });

  it('offline, a session queued behind a customer registration is tried in turn, not starved by it', async () => {
    const client = new ScriptedClient(handlers({ '/device_api/users': () => {
      throw new PlatformUnreachableError('POST /device_api/users', 'network');
    } }));
    const { store, engine, advance } = await setup(client);
    // The platform is already unreachable when the session is confirmed: it fails first.
    const { sessionId } = await confirmedSession(store);
    const other = store.createCustomer({ name: 'Other Ong', phoneCc: 65 });
    engine.enqueueUser(other.id);
    engine.enqueueSession(sessionId);
    for (let i = 0; i < 4; i++) {
      await engine.runOnce();
      // Past the gate each time: the registration just tried is due again as the gate opens.
      advance(10 * 60_000);
    }
    expect(engine.job(sessionId)).toMatchObject({ waiting: 'network', errorCode: 'unreachable', attempts: expect.any(Number) });
    expect(engine.job(sessionId)!.attempts).toBeGreaterThanOrEqual(1);

    // Staff retry while still offline: due now, and still shown as waiting for the network
    // until a step goes through or fails again (it read "Uploading" for minutes, D-134).
    expect(engine.retry(sessionId)).toBe(true);
    expect(engine.job(sessionId)).toMatchObject({ waiting: 'network', attempts: 0 });
    await engine.runOnce();
    expect(engine.job(sessionId)).toMatchObject({ waiting: 'network', errorCode: 'unreachable' });
  });

  it('a task failed on the platform fails the stage with its code; staff retry creates a new task under a new key', async () => {
    let fail = true;
    const client = new ScriptedClient(handlers({
      '/skin_api/analyze/task': (input: { headers: Record<string, string> }) => ({ task_id: input.headers['idempotency-key']!.endsWith('-0') ? 't1' : 't2' }),
      '/skin_api/analyze/result': (input: { query: { task_id: string } }) =>
        fail
          ? { task_id: input.query.task_id, api_code: 'online_skin', algorithm_variant: 'all_race_v2', created_at: 1, updated_at: 2, status: 'failed', finished_at: 2, error: { code: 45103, msg: 'no face detected' } }
          : { task_id: input.query.task_id, api_code: 'online_skin', algorithm_variant: 'all_race_v2', created_at: 1, updated_at: 2, status: 'succeeded', finished_at: 2, result: skin },
    }));
    const { store, engine, run } = await setup(client);
    const { sessionId } = await confirmedSession(store);
    engine.enqueueSession(sessionId);
    await run();
    expect(engine.job(sessionId)).toMatchObject({ stage: 'failed', failedStage: 'poll', errorCode: '45103', errorMessage: expect.stringContaining('no face detected') });
    fail = false;
    expect(engine.retry(sessionId)).toBe(true);
    expect(engine.job(sessionId)).toMatchObject({ stage: 'create_task', generation: 1, taskId: null });
    await run();
    expect(engine.job(sessionId)).toMatchObject({ stage: 'done', taskId: 't2' });
    expect(client.calls.filter((c) => c.path === '/skin_api/analyze/task').map((c) => c.input.headers?.['idempotency-key'])).toEqual([`kiosk-${sessionId}-0`, `kiosk-${sessionId}-1`]);
    // The uploads were kept: no second upload for the retry.
    expect(client.count('/skin_api/file/upload_policy')).toBe(1);
  });

  it('wrong credentials wait as a configuration problem with a technician message; nothing fails', async () => {
    const client = new ScriptedClient(handlers({ '/device_api/users': () => { throw new PlatformError('GET token', meta(44098), 200, {}); } }));
    const { store, engine } = await setup(client);
    const { sessionId } = await confirmedSession(store);
    engine.enqueueSession(sessionId);
    await engine.runOnce();
    expect(engine.job(sessionId)).toMatchObject({ stage: 'register_user', waiting: 'config', errorCode: '44098', errorMessage: expect.stringContaining('app secret') });
  });

  it('a refused upload (another code than an expired policy) fails the stage; a missing capture file too', async () => {
    const refuse: UploadFn = async () => { throw new PlatformError('PUT upload', meta(44106), 415, {}); };
    const { store, engine, run } = await setup(new ScriptedClient(handlers()), refuse);
    const { sessionId } = await confirmedSession(store);
    engine.enqueueSession(sessionId);
    await run();
    expect(engine.job(sessionId)).toMatchObject({ stage: 'failed', failedStage: 'upload', errorCode: '44106' });
  });

  it('an upload whose answer was lost (policy already used, 44103) counts as uploaded', async () => {
    let first = true;
    const lost: UploadFn = async () => {
      if (first) {
        first = false;
        throw new PlatformUnreachableError('PUT upload', 'timeout');
      }
      throw new PlatformError('PUT upload', meta(44103), 403, {});
    };
    const client = new ScriptedClient(handlers());
    const { store, engine, run, advance } = await setup(client, lost);
    const { sessionId } = await confirmedSession(store);
    engine.enqueueSession(sessionId);
    await engine.runOnce();
    await engine.runOnce();
    advance(5000);
    await run();
    expect(engine.job(sessionId)?.stage).toBe('done');
    expect(client.count('/skin_api/file/upload_policy')).toBe(1);
  });

  it('resumes a job from the database alone: a new engine on the same store picks up where the old one stood', async () => {
    const client = new ScriptedClient(handlers());
    const { store, engine } = await setup(client);
    const { sessionId } = await confirmedSession(store);
    engine.enqueueSession(sessionId);
    await engine.runOnce();
    await engine.runOnce();
    expect(engine.job(sessionId)?.stage).toBe('create_task');
    let later = 1_900_000_000_000;
    const fresh = new SyncEngine({ store, client: () => client.asClient(), target: () => ({ storeCustomId: 'SG001', accountId: 0, deviceSn: 'SIM' }), now: () => (later += 5000) });
    for (let i = 0; i < 5; i++) await fresh.runOnce();
    expect(fresh.job(sessionId)?.stage).toBe('done');
    expect(client.count('/skin_api/file/upload_policy')).toBe(1);
  });
});
