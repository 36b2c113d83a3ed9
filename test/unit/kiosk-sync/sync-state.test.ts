import { describe, expect, it } from 'vitest';
import { settleInterruptedSessions } from '../../../main/kiosk/startup.ts';
import { deviceConfigSchema } from '../../../main/config/device-config.ts';
import { PlatformError, PlatformProtocolError, PlatformUnreachableError } from '../../../main/platform-client/errors.ts';
import { backoffDelay, classifyFailure } from '../../../main/sync/failures.ts';
import { describeSync, failureMessage } from '../../../main/sync/progress.ts';
import type { SyncJob } from '../../../main/sync/types.ts';
import { CaptureIntegrityError } from '../../../main/sync/types.ts';
import { stageUser, userBody, userPending } from '../../../main/sync/user-sync.ts';
import { unstorableTextPath } from '../../../platform/http/storable-text.ts';
import { deviceUserRequestSchema } from '../../../protocol/device-sync/users.ts';
import { jpeg, tempStore } from './helpers.ts';

const meta = (code: number) => ({ code, msg: 'm', error: '', request_uri: '/', req_id: 'r' });

describe('failure classes', () => {
  it('sorts errors into network, config, transient and refused', () => {
    expect(classifyFailure(new PlatformUnreachableError('x', 'timeout')).kind).toBe('network');
    expect(classifyFailure(new PlatformError('x', meta(44098), 200, {}))).toMatchObject({ kind: 'config', code: '44098' });
    expect(classifyFailure(new PlatformError('x', meta(45021), 200, {}))).toMatchObject({ kind: 'config', message: expect.stringContaining('quota') });
    expect(classifyFailure(new PlatformError('x', meta(500), 500, {})).kind).toBe('transient');
    expect(classifyFailure(new PlatformProtocolError('x', 502, 'html')).kind).toBe('transient');
    expect(classifyFailure(new PlatformError('x', meta(45003), 200, {}))).toMatchObject({ kind: 'refused', code: '45003' });
    expect(classifyFailure(new CaptureIntegrityError('capture_corrupt', 'altered'))).toMatchObject({ kind: 'refused', code: 'capture_corrupt' });
    expect(classifyFailure(Object.assign(new Error('disk'), { code: 'EIO' }))).toMatchObject({ kind: 'transient', code: 'EIO' });
  });

  it('backs off exponentially with equal jitter, capped', () => {
    const config = { baseMs: 1000, maxMs: 8000 };
    expect([1, 2, 3, 4, 5].map((n) => backoffDelay(n, config, () => 0))).toEqual([500, 1000, 2000, 4000, 4000]);
    expect([1, 2, 3, 4, 5].map((n) => backoffDelay(n, config, () => 1))).toEqual([1000, 2000, 4000, 8000, 8000]);
  });
});

describe('what staff see of a sync', () => {
  const session = { id: 's', customerId: 'c', profile: 'single_camera', skinCondition: 'clean', state: 'done', createdAt: 1, updatedAt: 1, syncedAt: null, endReason: null } as const;
  const job = (patch: Partial<SyncJob>): SyncJob => ({ sessionId: 's', stage: 'upload', failedStage: null, generation: 0, apiCode: 'online_skin', algorithmVariant: 'all_race_v2', taskRequest: null, taskId: null, taskStatus: null, pollDelayMs: null, result: null, resultAt: null, reportId: null, reportUrl: null, reportUrlExpiresAt: null, errorCode: null, errorMessage: null, waiting: null, attempts: 0, nextAttemptAt: 0, createdAt: 0, updatedAt: 0, completedAt: null, ...patch });
  it('maps outbox stages onto the screen stages with progress', () => {
    expect(describeSync({ ...session, state: 'capturing' }, null, { done: 0, total: 0 }).stage).toBe('capturing');
    expect(describeSync(session, job({ stage: 'upload' }), { done: 1, total: 2 })).toMatchObject({ stage: 'uploading', progress: 0.35 });
    expect(describeSync(session, job({ stage: 'upload' }), { done: 1, total: 2 }).detail).toEqual({ key: 'sync.uploading', params: { done: 1, total: 2 }, text: 'Uploading photos (1 of 2).' });
    expect(describeSync(session, job({ stage: 'upload', waiting: 'network' }), { done: 1, total: 2 })).toMatchObject({ stage: 'queued_offline', detail: { key: 'sync.offline', params: { total: 2 }, text: expect.stringContaining('stored safely') } });
    expect(describeSync(session, job({ stage: 'poll', taskStatus: 'running' }), { done: 2, total: 2 }).stage).toBe('analysing');
    expect(describeSync(session, job({ stage: 'failed', errorCode: '45103', errorMessage: 'no face' }), { done: 2, total: 2 })).toMatchObject({ stage: 'failed', detail: { key: 'failure.no_face', text: expect.stringContaining('45103') } });
    const result: NonNullable<SyncJob['result']> = { type: 'skin', dimensions: [], overall_score: 50, mask_format: 'annotation_image', not_measured: [] };
    expect(describeSync(session, job({ stage: 'submit_report', result }), { done: 2, total: 2 })).toMatchObject({ stage: 'ready', progress: 1, detail: { key: 'sync.ready_submitting' } });
    expect(describeSync({ ...session, state: 'cancelled' }, null, { done: 0, total: 0 }).detail.key).toBe('sync.cancelled');
  });

  it('names each failure by its code, for staff in their language; unknown refusals keep the platform message', () => {
    expect(failureMessage('44098', 'x')).toMatchObject({ key: 'failure.merchant_invalid', text: expect.stringContaining('app secret') });
    expect(failureMessage('unreachable', 'connect ECONNREFUSED 127.0.0.1:9')).toEqual({
      key: 'failure.unreachable',
      params: { code: 'unreachable', detail: 'connect ECONNREFUSED 127.0.0.1:9' },
      text: 'The platform cannot be reached (connect ECONNREFUSED 127.0.0.1:9); the kiosk keeps trying by itself.',
    });
    expect(failureMessage('capture_corrupt', 'altered')).toMatchObject({ key: 'failure.capture_corrupt' });
    expect(failureMessage('45003', 'image key not accepted')).toEqual({
      key: 'failure.refused',
      params: { code: '45003', detail: 'image key not accepted' },
      text: 'The platform refused this work (45003): image key not accepted',
    });
    // A passing fault (a 500, a token to renew, a local I/O error) is said to be retried.
    expect(failureMessage('500', 'system error').key).toBe('failure.retrying');
    expect(failureMessage('EIO', 'i/o').key).toBe('failure.retrying');
  });
});

describe('customer registration revisions', () => {
  it('pins content to a revision and raises it only when the content changes', async () => {
    const { store, cleanup } = await tempStore();
    try {
      const customer = store.createCustomer({ name: 'Rev Ree', phoneCc: 65 });
      const target = { storeCustomId: 'SG001', accountId: 0, deviceSn: 'S' };
      const first = stageUser(store.userSync, userBody(customer, target), Date.now());
      expect(first).toMatchObject({ revision: 0, synced_revision: null });
      expect(userPending(first)).toBe(true);
      expect(stageUser(store.userSync, userBody(store.getCustomer(customer.id)!, target), Date.now()).revision).toBe(0);
      store.recordConsent(customer.id, ['user_agreement', 'privacy_policy']);
      const second = stageUser(store.userSync, userBody(store.getCustomer(customer.id)!, target), Date.now());
      expect(second.revision).toBe(1);
    } finally {
      cleanup();
    }
  });
});

describe('the customer sent to the platform', () => {
  it('leaves an unknown birthday out and sends a known one (decision D-041)', async () => {
    const { store, cleanup } = await tempStore();
    try {
      const target = { storeCustomId: 'SG001', accountId: 0, deviceSn: 'S' };
      const unknown = userBody(store.createCustomer({ name: 'No Date' }), target);
      expect('birthday' in unknown).toBe(false);
      expect(userBody(store.createCustomer({ name: 'Dated', birthday: '1990-05-04' }), target).birthday).toBe('1990-05-04');
    } finally {
      cleanup();
    }
  });

  it('cuts a long name at 100 characters, never inside an emoji, so the platform takes it (D-105)', async () => {
    const { store, cleanup } = await tempStore();
    try {
      const target = { storeCustomId: 'SG001', accountId: 0, deviceSn: 'S' };
      // 99 letters and emoji: a cut at 100 UTF-16 units kept the emoji's first half alone.
      const body = userBody(store.createCustomer({ name: `${'a'.repeat(99)}\u{1F600}\u{1F600}tail` }), target);
      expect(body.name).toBe(`${'a'.repeat(99)}\u{1F600}`);
      expect(unstorableTextPath(body)).toBeUndefined();
      expect(deviceUserRequestSchema.safeParse({ ...body, revision: 0 }).success).toBe(true);
    } finally {
      cleanup();
    }
  });
});

describe('after a restart', () => {
  it('confirms open sessions whose capture set is complete and cancels the others', async () => {
    const { store, cleanup } = await tempStore();
    try {
      const customer = store.createCustomer({ name: 'Restart Ray' });
      const open = async (shots: number) => {
        const s = store.createSession('single_camera');
        store.attachCustomer(s.id, { customerId: customer.id, skinCondition: 'clean', consentClauseIds: ['user_agreement'] });
        if (shots > 0) await store.saveCapture({ sessionId: s.id, view: 'front', light: 'white', jpeg: jpeg('x'), width: 1, height: 1 });
        return s.id;
      };
      const complete = await open(1);
      const empty = await open(0);
      const settled = settleInterruptedSessions(store, deviceConfigSchema.parse({ profile: { kind: 'single_camera' }, lightController: { kind: 'none' } }));
      expect(settled).toEqual({ confirmed: [complete], cancelled: [empty] });
      expect(store.getSession(complete)?.state).toBe('done');
      expect(store.getSession(empty)?.state).toBe('cancelled');
      expect(store.listCaptures(complete)).toHaveLength(1);
    } finally {
      cleanup();
    }
  });
});
