/**
 * A scripted stand-in for the platform client, for engine tests that need exact failures (a
 * network drop at one step, a refused upload, a failed task) without a platform. Each endpoint's
 * answer is a function of the call; uploads go through the engine's `upload` seam.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Endpoint } from '../../../protocol/endpoint.ts';
import type { CallInput, PlatformClient } from '../../../main/platform-client/client.ts';
import { KioskStore } from '../../../main/store/kiosk-store.ts';
import { SyncEngine, type SyncEngineOptions } from '../../../main/sync/engine.ts';

export type Handler = (input: CallInput<Endpoint>) => unknown;

export class ScriptedClient {
  readonly calls: { path: string; input: CallInput<Endpoint> }[] = [];
  constructor(readonly handlers: Record<string, Handler>) {}

  async call(ep: Endpoint, input: CallInput<Endpoint> = {}): Promise<unknown> {
    this.calls.push({ path: ep.path, input });
    const handler = this.handlers[ep.path];
    if (!handler) throw new Error(`unscripted call ${ep.method} ${ep.path}`);
    return handler(input);
  }

  asClient(): PlatformClient {
    return this as unknown as PlatformClient;
  }

  count(path: string): number {
    return this.calls.filter((c) => c.path === path).length;
  }
}

/** POST /device_api/users as the platform answers it for the unit tests' customer. */
export const USER_ANSWER = { client_user_id: 'x', revision: 0, consented: true, user: { id: 7 } };

let policies = 0;
/** A fresh upload policy per call, as the platform hands them out; `suffix` ends its resource key. */
export function policyAnswer(suffix = '') {
  const key = `k${++policies}${suffix}`;
  return { resource_key: key, resource_url: `http://p/skin_api/file/resource/${key}`, ttl: 900, upload: { method: 'PUT', url: 'http://p/up', form_data: {} } };
}

/** An engine on the scripted client, for store SG001 and a simulated device, with short backoff and poll delays. */
export function scriptedEngine(store: KioskStore, client: ScriptedClient, options: Partial<SyncEngineOptions> = {}): SyncEngine {
  return new SyncEngine({
    store,
    client: () => client.asClient(),
    target: () => ({ storeCustomId: 'SG001', accountId: 0, deviceSn: 'SIM' }),
    backoff: { baseMs: 1000, maxMs: 8000 },
    poll: { firstDelayMs: 2000, maxDelayMs: 15_000 },
    ...options,
  });
}

export async function tempStore(now: () => number = Date.now): Promise<{ store: KioskStore; dir: string; cleanup: () => void }> {
  const dir = mkdtempSync(join(tmpdir(), 'kiosk-sync-unit-'));
  const store = await KioskStore.open({ dataDir: dir, verifyHashesOnStartup: 'unsynced', now });
  return { store, dir, cleanup: () => (store.close(), rmSync(dir, { recursive: true, force: true })) };
}

export function jpeg(tag: string): Uint8Array {
  return Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.from(tag.repeat(40)), Buffer.from([0xff, 0xd9])]);
}

/** A confirmed single-camera session with its one capture, as the capture driver leaves it. */
export async function confirmedSession(store: KioskStore, profile: 'single_camera' | 'multi_light' = 'single_camera'): Promise<{ sessionId: string; customerId: string }> {
  const customer = store.createCustomer({ name: 'Unit Ung', phoneCc: 65 });
  const session = store.createSession(profile);
  store.attachCustomer(session.id, { customerId: customer.id, skinCondition: 'clean', consentClauseIds: ['user_agreement', 'privacy_policy'] });
  const shots = profile === 'single_camera' ? [['front', 'white']] : [['front', 'white'], ['left', 'white'], ['right', 'white']];
  for (const [view, light] of shots) await store.saveCapture({ sessionId: session.id, view: view as 'front', light: light as 'white', jpeg: jpeg(`${view}${light}`), width: 10, height: 10 });
  store.setSessionState(session.id, 'review');
  store.setSessionState(session.id, 'done');
  return { sessionId: session.id, customerId: customer.id };
}
