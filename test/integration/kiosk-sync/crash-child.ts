/**
 * Child process of crash.test.ts: the kiosk's main-process services (store, device, sync engine,
 * platform client) capturing sessions one after another while the sync engine uploads and
 * analyses them, until the parent SIGKILLs it. It prints, with synchronous writes so a line is
 * out before the next step starts:
 *   `capture <captureId> <sessionId> <sha256>` once a capture is durable (saveCapture resolved);
 *   `confirmed <sessionId>` once a session is confirmed (state done).
 * The parent starts the next child while the current one runs; it loads its modules, then waits
 * for `go` on stdin before it touches the data directory (two writers must never overlap).
 * Run: node --import tsx crash-child.ts <dataDir> <platformUrl> <platformDataDir> <profile>
 */
import { writeSync } from 'node:fs';
import { createKioskServices } from '../../../main/kiosk/services.ts';
import type { KioskStore } from '../../../main/store/kiosk-store.ts';
import { FAST_SYNC, REQUIRED_CONSENT, deviceConfig, noFace, primaryApp } from './helpers.ts';

const [dataDir, platformUrl, platformDataDir, profile] = process.argv.slice(2) as [string, string, string, 'multi_light' | 'single_camera'];
if (!dataDir || !platformUrl || !platformDataDir || !profile) throw new Error('usage: crash-child.ts <dataDir> <platformUrl> <platformDataDir> <profile>');
const say = (line: string) => writeSync(1, `${line}\n`);
const app = primaryApp(platformDataDir);
say('loaded');
await new Promise<void>((resolve) => {
  process.stdin.on('data', (chunk: Buffer) => {
    if (chunk.toString().includes('go')) resolve();
  });
});

const services = await createKioskServices({
  mode: 'browser',
  version: 'crash-test',
  dataDir,
  platform: { embedded: true, connection: { baseUrl: platformUrl, region: 'overseas', appId: app.app_id, appSecret: app.app_secret, merchantId: app.merchant_id, storeCustomId: app.store_custom_ids[0]! } },
  // The helper's default 800x600 stills: smaller ones hold too little detail to analyse (45104, D-033).
  config: { ...deviceConfig(profile, ['white']), sync: FAST_SYNC },
  liveCheck: noFace,
  recorder: (store: KioskStore) => ({
    createSession: (p) => store.createSession(p),
    setSessionState: (id, state) => store.setSessionState(id, state),
    attachCustomer: (id, input) => store.attachCustomer(id, input),
    async saveCapture(input) {
      const saved = await store.saveCapture(input);
      say(`capture ${saved.id} ${saved.sessionId} ${saved.sha256}`);
      return saved;
    },
  }),
});
say('ready');

const api = services.api;
for (let n = 0; ; n++) {
  const session = await api.createSession({});
  await api.submitConsent({ sessionId: session.id, agreedClauseIds: REQUIRED_CONSENT, rejectedClauseIds: [] });
  const customer = await api.registerCustomer({ customer: { name: `Crash ${process.pid}-${n}` }, agreedClauseIds: REQUIRED_CONSENT, rejectedClauseIds: [] });
  await api.chooseCustomer({ sessionId: session.id, customerId: customer.id, skinCondition: 'clean' });
  for (let i = 0; i < session.views.length; i++) await api.captureNow({ sessionId: session.id });
  await api.confirmCapture({ sessionId: session.id });
  say(`confirmed ${session.id}`);
  // A customer takes a while: keeps the number of sessions (and platform tasks) per trial small.
  await new Promise((resolve) => setTimeout(resolve, 300));
}
