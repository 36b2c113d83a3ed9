/**
 * "Discard this session? Its photos will be deleted and nothing will be analysed." (D-047): cancelling a session that
 * holds photos deletes them (rows, files, face outlines) at once, not at retention; the session row
 * stays as a cancelled one. A finished (confirmed) session is not touched by a late cancel.
 */
import { existsSync } from 'node:fs';
import { afterEach, describe, expect, it } from 'vitest';
import { withKioskDb } from '../../helpers/kiosk-db.ts';
import { controllerRig, viewUntil } from './helpers/controller-rig.ts';
import type { Rig } from './helpers/controller-rig.ts';

const rigs: Rig[] = [];
afterEach(async () => {
  for (const rig of rigs.splice(0)) await rig.close();
});

/** A session of the simulated unit taken to review with the staff override, view by view. */
async function toReview(r: Rig, name: string): Promise<string> {
  const customer = r.store.createCustomer({ name });
  const { id } = r.start(customer.id);
  for (let i = 0; i < 3; i += 1) {
    await viewUntil(r, id, (v) => v.state === 'live' || v.state === 'review');
    if (r.controller.view(id).state === 'review') break;
    await r.controller.captureNow(id);
  }
  await viewUntil(r, id, (v) => v.state === 'review', 30_000);
  return id;
}

const outlines = (r: Rig, sessionId: string): number =>
  withKioskDb(r.store.dataDir, (db) => (db.prepare('SELECT count(*) AS n FROM face_outlines WHERE session_id = ?').get(sessionId) as { n: number }).n);

describe('a discarded session', () => {
  it('loses its photos and face outlines at once; the cancelled session row and the customer stay', async () => {
    const r = await controllerRig({ camera: 'simulated', lights: ['white'] });
    rigs.push(r);
    const id = await toReview(r, 'Ada Discard');
    const files = r.store.listCaptures(id).map((c) => c.path);
    expect(files).toHaveLength(3);
    for (const file of files) expect(existsSync(file)).toBe(true);

    expect(r.controller.cancelSession(id).state).toBe('cancelled');
    await expect.poll(() => r.store.listCaptures(id)).toEqual([]);
    await expect.poll(() => files.filter((f) => existsSync(f))).toEqual([]);
    expect(outlines(r, id)).toBe(0);
    expect(r.store.getSession(id)?.state).toBe('cancelled');
    expect(r.controller.view(id).shots).toEqual([]);
  });

  it('keeps the photos of a confirmed session that is cancelled late (it is on its way to analysis)', async () => {
    const r = await controllerRig({ camera: 'simulated', lights: ['white'] });
    rigs.push(r);
    const id = await toReview(r, 'Bo Confirmed');
    expect(r.controller.confirmCapture(id).state).toBe('done');
    r.controller.cancelSession(id);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(r.store.getSession(id)?.state).toBe('done');
    expect(r.store.listCaptures(id)).toHaveLength(3);
  });
});
