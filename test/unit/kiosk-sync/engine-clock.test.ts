/**
 * The sync engine and a wrong kiosk clock (issue 7: a configuration error loses nothing). A clock
 * ahead of the platform's gets its times refused (46209): the work waits with a message for the
 * technician instead of failing. A clock set back leaves retry times planned on the old time far
 * ahead: they are due at once instead of silencing the queue for the size of the jump.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { withKioskDb } from '../../helpers/kiosk-db.ts';
import { PlatformError, PlatformUnreachableError } from '../../../main/platform-client/errors.ts';
import { ScriptedClient, USER_ANSWER as user, confirmedSession, policyAnswer, scriptedEngine, tempStore } from './helpers.ts';

const cleanups: (() => void)[] = [];
afterEach(() => cleanups.splice(0).forEach((c) => c()));

const meta = (code: number) => ({ code, msg: `code ${code}`, error: 'body.created_at: 600 s ahead of the platform clock', request_uri: '/device_api/users', req_id: 'r' });

async function setup(usersAnswer: () => unknown) {
  let now = 1_800_000_000_000;
  const { store, cleanup } = await tempStore(() => now);
  cleanups.push(cleanup);
  const client = new ScriptedClient({ '/device_api/users': usersAnswer, '/skin_api/file/upload_policy': () => policyAnswer() });
  const engine = scriptedEngine(store, client, { now: () => now, upload: async () => undefined });
  const { sessionId } = await confirmedSession(store);
  engine.enqueueSession(sessionId);
  return { store, engine, sessionId, client, setNow: (ms: number) => (now = ms), now: () => now };
}

describe('sync engine and the kiosk clock', () => {
  it('a time refused as ahead of the platform clock (46209) waits as a setting with the clock message; nothing fails', async () => {
    let ahead = true;
    const { engine, sessionId, setNow, now } = await setup(() => {
      if (ahead) throw new PlatformError('POST /device_api/users', meta(46209), 200, {});
      return user;
    });
    await engine.runOnce();
    expect(engine.job(sessionId)).toMatchObject({ stage: 'register_user', waiting: 'config', errorCode: '46209', errorMessage: expect.stringContaining('kiosk clock is ahead') });
    // Once the platform's time has caught up, the same work goes through.
    ahead = false;
    setNow(now() + 60_000);
    await engine.runOnce();
    await engine.runOnce();
    expect(engine.job(sessionId)).toMatchObject({ stage: 'upload', waiting: null, errorCode: null });
  });

  it('after the clock is set back an hour, work planned on the old time is tried at once', async () => {
    let down = true;
    const { store, engine, sessionId, client, setNow, now } = await setup(() => {
      if (down) throw new PlatformUnreachableError('POST /device_api/users', 'network');
      return user;
    });
    await engine.runOnce();
    expect(engine.job(sessionId)).toMatchObject({ waiting: 'network', attempts: 1 });
    down = false;
    // The clock ran an hour fast until now; NTP sets it right.
    setNow(now() - 3_600_000);
    expect(await engine.runOnce()).toBe(true);
    expect(client.count('/device_api/users')).toBe(2);
    const planned = withKioskDb(store.dataDir, (db) => db.prepare('SELECT MAX(next_attempt_at) AS at FROM (SELECT next_attempt_at FROM sync_jobs UNION ALL SELECT next_attempt_at FROM user_sync)').get() as { at: number });
    expect(planned.at).toBeLessThanOrEqual(now() + 16_000);
    await engine.runOnce();
    expect(engine.job(sessionId)).toMatchObject({ stage: 'upload', waiting: null });
  });
});
