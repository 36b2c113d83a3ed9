/**
 * A task refused with 45005 for uploads whose policies all expired (D-096): the platform's
 * retention sweep removes uploads no task used a grace period past their expiry, so a kiosk that
 * uploaded and then stayed offline that long uploads the session again; a 45005 for uploads whose
 * policies are still valid fails the stage as before, so new uploads never loop.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { PlatformError } from '../../../main/platform-client/errors.ts';
import { TaskCodes } from '../../../protocol/skin-api/task-codes.ts';
import { ScriptedClient, USER_ANSWER, confirmedSession, policyAnswer, scriptedEngine, tempStore } from './helpers.ts';

const TASK = '/skin_api/analyze/task';
const POLICY = '/skin_api/file/upload_policy';
const cleanups: (() => void)[] = [];
afterEach(() => cleanups.splice(0).forEach((c) => c()));

const unknownResource = () => {
  throw new PlatformError(TASK, { code: TaskCodes.INVALID_RESOURCE_URL.code, msg: TaskCodes.INVALID_RESOURCE_URL.msg, error: 'resources.front_image: no uploaded file at this address', request_uri: TASK, req_id: 'r' }, 400, null);
};

async function sessionAtCreateTask(createTask: () => unknown) {
  let now = 1_800_000_000_000;
  const { store, cleanup } = await tempStore(() => now);
  cleanups.push(cleanup);
  const client = new ScriptedClient({ '/device_api/users': () => USER_ANSWER, [POLICY]: () => policyAnswer(), [TASK]: createTask });
  const engine = scriptedEngine(store, client, { now: () => now, upload: async () => undefined });
  const { sessionId } = await confirmedSession(store);
  engine.enqueueSession(sessionId);
  await engine.runOnce(); // register_user
  await engine.runOnce(); // upload
  expect(engine.job(sessionId)?.stage).toBe('create_task');
  return { store, client, engine, sessionId, advance: (ms: number) => (now += ms) };
}

describe('a task refused for unknown uploads (45005)', () => {
  it('uploads the session again when every kept policy has expired, and the task names the new upload', async () => {
    let refusals = 1;
    const { client, engine, sessionId, store, advance } = await sessionAtCreateTask(() => (refusals-- > 0 ? unknownResource() : { task_id: 't1' }));
    const first = store.outbox.uploadsOf(sessionId);
    advance(901_000); // past the 900 s ttl: the platform may have swept the upload since
    await engine.runOnce();
    expect(engine.job(sessionId)).toMatchObject({ stage: 'upload', taskRequest: null });
    await engine.runOnce(); // uploads again under a new policy
    await engine.runOnce(); // create_task
    expect(engine.job(sessionId)).toMatchObject({ stage: 'poll', taskId: 't1' });
    expect(client.count(POLICY)).toBe(2);
    const bodies = client.calls.filter((c) => c.path === TASK).map((c) => (c.input.body as { resources: { front_image: string } }).resources.front_image);
    expect(bodies).toHaveLength(2);
    expect(bodies[1]).not.toBe(bodies[0]);
    expect(bodies[0]).toBe([...first.values()][0]!.resource_url);
  });

  it('fails the stage as before when the uploads were made under policies still valid', async () => {
    const { client, engine, sessionId } = await sessionAtCreateTask(unknownResource);
    await engine.runOnce();
    expect(engine.job(sessionId)).toMatchObject({ stage: 'failed', errorCode: String(TaskCodes.INVALID_RESOURCE_URL.code) });
    expect(client.count(POLICY)).toBe(1);
  });
});
