/**
 * Upload policies that expire (D-020, D-025): the platform child runs with a 1-second policy
 * ttl. A transfer that starts after the platform's expiry is refused with 44102 and the kiosk
 * takes a new policy; a stored policy that a restart finds expired is replaced before any
 * transfer is tried. An upload the platform lost before a task made it durable (45013) is sent
 * again.
 */
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { UploadPolicyResponse } from '../../../protocol/skin-api/upload-policy.ts';
import { uploadWithPolicy } from '../../../main/platform-client/upload.ts';
import { LocalObjectStore } from '../../../platform/objects/local-object-store.ts';
import type { UploadOptions } from '../../../main/platform-client/upload.ts';
import { PlatformError, PlatformUnreachableError } from '../../../main/platform-client/errors.ts';
import { captureSession, removeDir, startKiosk, startPlatformChild, waitFor } from './helpers.ts';
import type { PlatformChild } from './helpers.ts';
import { tasksBySession } from './platform-db.ts';

describe('expired upload policies', () => {
  let platform: PlatformChild;
  beforeAll(async () => {
    platform = await startPlatformChild({ args: ['--upload-ttl-seconds', '1'] });
  });
  afterAll(() => platform.stop());

  it('a policy that expired before the transfer (44102) is replaced by a new one', async () => {
    const refusals: number[] = [];
    const keys: string[] = [];
    let slowed = false;
    // A slow shop line: the first transfer starts 2.5 s after its policy was issued, past the
    // 1-second ttl even when the platform rounds the expiry up to its next whole second.
    const upload = async (policy: UploadPolicyResponse, options: UploadOptions) => {
      keys.push(policy.resource_key);
      if (!slowed) {
        slowed = true;
        await new Promise((resolve) => setTimeout(resolve, 2500));
      }
      try {
        await uploadWithPolicy(policy, options);
      } catch (error) {
        if (error instanceof PlatformError) refusals.push(error.code);
        throw error;
      }
    };
    const kiosk = await startKiosk(platform.url, platform.app, { profile: 'single_camera', extra: { upload } });
    try {
      const { sessionId } = await captureSession(kiosk, 'Policy Poh');
      await waitFor('sync', () => kiosk.engine.job(sessionId)?.stage, (s) => s === 'done' || s === 'failed', 60_000);
      expect(kiosk.engine.job(sessionId)).toMatchObject({ stage: 'done', errorCode: null });
      expect(refusals).toEqual([44102]);
      // Two policies for the one image: the expired one and its replacement.
      expect(keys).toHaveLength(2);
      expect(new Set(keys).size).toBe(2);
      expect(kiosk.engine.job(sessionId)?.taskRequest).toMatchObject({ resources: { front_image: expect.stringContaining(keys[1]!) } });
    } finally {
      await kiosk.close();
      removeDir(kiosk.dataDir);
    }
  }, 60_000);

  it('a stored policy found expired (after the network failed mid-transfer) is replaced without trying it', async () => {
    const keys: string[] = [];
    let failures = 0;
    const upload = async (policy: UploadPolicyResponse, options: UploadOptions) => {
      keys.push(policy.resource_key);
      // The line drops on the first transfer; the policy stays stored and expires meanwhile.
      if (failures++ === 0) throw new PlatformUnreachableError('PUT upload', 'network');
      await uploadWithPolicy(policy, options);
    };
    const kiosk = await startKiosk(platform.url, platform.app, {
      profile: 'single_camera',
      extra: { upload },
      // Retry after about 1.5 s: past the 1-second ttl.
      config: { sync: { backoffBaseMs: 2000, backoffMaxMs: 3000, pollFirstDelayMs: 150, pollMaxDelayMs: 600, idleMs: 300 } },
    });
    try {
      const { sessionId } = await captureSession(kiosk, 'Stored Soh');
      await waitFor('sync', () => kiosk.engine.job(sessionId)?.stage, (s) => s === 'done' || s === 'failed', 60_000);
      expect(kiosk.engine.job(sessionId)).toMatchObject({ stage: 'done' });
      // The second transfer used a new policy: the stored one was past its ttl on the kiosk's clock.
      expect(keys).toHaveLength(2);
      expect(keys[0]).not.toBe(keys[1]);
    } finally {
      await kiosk.close();
      removeDir(kiosk.dataDir);
    }
  }, 60_000);

  it('an upload the platform lost before the task (45013) is uploaded again under a new policy', async () => {
    const keys: string[] = [];
    const upload = async (policy: UploadPolicyResponse, options: UploadOptions) => {
      keys.push(policy.resource_key);
      await uploadWithPolicy(policy, options);
      // As a power loss would, before any task made the file durable (LocalObjectStore layout).
      const key = policy.resource_key;
      if (keys.length === 1) rmSync(new LocalObjectStore(join(platform.dataDir, 'objects')).pathOf(key));
    };
    const kiosk = await startKiosk(platform.url, platform.app, { profile: 'single_camera', extra: { upload } });
    try {
      const { sessionId } = await captureSession(kiosk, 'Lost Lim');
      await waitFor('sync', () => kiosk.engine.job(sessionId)?.stage, (s) => s === 'done' || s === 'failed', 60_000);
      expect(kiosk.engine.job(sessionId)).toMatchObject({ stage: 'done', errorCode: null });
      expect(keys).toHaveLength(2);
      expect(kiosk.engine.job(sessionId)?.taskRequest).toMatchObject({ resources: { front_image: expect.stringContaining(keys[1]!) } });
      expect((await tasksBySession(platform.dataDir)).get(sessionId)?.tasks).toBe(1);
    } finally {
      await kiosk.close();
      removeDir(kiosk.dataDir);
    }
  }, 60_000);
});
