/**
 * Deletion on request while the sync engine is part-way through the session (issue 6: deletion
 * is a legal promise). A photo on its way up and a task being created when staff delete the
 * session must be named in what the platform is asked to delete, though neither was known to be
 * on the platform when the deletion was queued.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { withKioskDb } from '../../helpers/kiosk-db.ts';
import type { UploadFn } from '../../../main/sync/session-steps.ts';
import type { KioskStore } from '../../../main/store/kiosk-store.ts';
import { ScriptedClient, USER_ANSWER, confirmedSession, policyAnswer, scriptedEngine, tempStore } from './helpers.ts';

const cleanups: (() => void)[] = [];
afterEach(() => cleanups.splice(0).forEach((c) => c()));


/** Staff's "delete session" (main/kiosk/admin.ts): the platform deletion queued, then the rows and files. */
async function deleteSessionNow(store: KioskStore, sessionId: string): Promise<void> {
  expect(await store.deleteSessionData(sessionId)).toBe(true);
}

function deletionRequests(store: KioskStore): { task_ids: string[]; resource_urls: string[]; client_report_ids: string[] }[] {
  return withKioskDb(store.dataDir, (db) => db.prepare('SELECT request FROM platform_deletions ORDER BY id').all() as { request: string }[]).map((r) => JSON.parse(r.request) as never);
}

async function setup(handlers: Record<string, (input: never) => unknown>, upload: UploadFn) {
  const { store, cleanup } = await tempStore();
  cleanups.push(cleanup);
  const client = new ScriptedClient({ '/device_api/users': () => USER_ANSWER, '/skin_api/file/upload_policy': () => policyAnswer('.jpg'), ...handlers } as Record<string, (input: unknown) => unknown>);
  const engine = scriptedEngine(store, client, { upload });
  const { sessionId } = await confirmedSession(store);
  engine.enqueueSession(sessionId);
  return { store, engine, sessionId };
}

describe('deletion on request during a sync step', () => {
  it('names the photo that was being uploaded when the session was deleted', async () => {
    let sessionToDelete = '';
    let storeOf: KioskStore | null = null;
    const { store, engine, sessionId } = await setup({}, async () => {
      // Staff delete the session while this transfer is on the wire.
      await deleteSessionNow(storeOf!, sessionToDelete);
    });
    storeOf = store;
    sessionToDelete = sessionId;
    await engine.runOnce(); // the customer's registration
    await engine.runOnce(); // register_user of the job
    await engine.runOnce(); // the upload, during which the session goes
    const [request] = deletionRequests(store);
    expect(request?.client_report_ids).toEqual([sessionId]);
    expect(request?.resource_urls).toEqual([expect.stringMatching(/^http:\/\/p\/skin_api\/file\/resource\/k\d+\.jpg$/)]);
  });

  it('queues a second deletion for the task the platform made while the session was being deleted', async () => {
    let storeOf: KioskStore | null = null;
    let sessionToDelete = '';
    const { store, engine, sessionId } = await setup(
      {
        '/skin_api/analyze/task': async () => {
          await deleteSessionNow(storeOf!, sessionToDelete);
          return { task_id: 'task-made-meanwhile' };
        },
      },
      async () => undefined,
    );
    storeOf = store;
    sessionToDelete = sessionId;
    for (let i = 0; i < 6 && deletionRequests(store).length === 0; i++) await engine.runOnce();
    const requests = deletionRequests(store);
    expect(requests).toHaveLength(2);
    expect(requests[0]?.task_ids).toEqual([]);
    expect(requests[1]).toMatchObject({ client_report_ids: [sessionId], task_ids: ['task-made-meanwhile'] });
  });
});
