/**
 * Child process of crash-durability.test.ts: writes captures into a kiosk store as fast as it can
 * until it is killed. After each saveCapture resolves it prints `committed <id> <slot> <sha256>`,
 * so the parent knows which captures the kiosk had acknowledged at the moment of the kill.
 * Run: node --import tsx test/integration/kiosk/capture-writer.ts <dataDir>
 */
import { randomBytes } from 'node:crypto';
import { writeSync } from 'node:fs';
import { KioskStore } from '../../../main/store/kiosk-store.ts';
import type { LightSource, View } from '../../../protocol/skin-api/api-codes.ts';

const dataDir = process.argv[2];
if (!dataDir) throw new Error('usage: capture-writer.ts <dataDir>');

// Synchronous writes to fd 1: a line is out before the next capture starts, whatever the pipe does.
const say = (line: string) => writeSync(1, `${line}\n`);

const store = await KioskStore.open({ dataDir, verifyHashesOnStartup: 'all' });
const customer = store.createCustomer({ name: 'Crash Test' });
const views: View[] = ['front', 'left', 'right'];
const lights: LightSource[] = ['white', 'cross_polar', 'uv'];
say('ready');

let session = store.createSession('multi_light');
store.attachCustomer(session.id, { customerId: customer.id, skinCondition: 'clean', consentClauseIds: ['privacy-v1'] });
for (let i = 0; ; i++) {
  if (i % 12 === 11) {
    session = store.createSession('multi_light');
    store.attachCustomer(session.id, { customerId: customer.id, skinCondition: 'other', consentClauseIds: ['privacy-v1'] });
  }
  // Few slots, many writes: most captures are retakes that replace a row and unlink its file.
  const view = views[i % 3]!;
  const light = lights[Math.floor(i / 3) % 3]!;
  const size = 20_000 + Math.floor(Math.random() * 400_000);
  const jpeg = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), randomBytes(size)]);
  const saved = await store.saveCapture({ sessionId: session.id, view, light, jpeg, width: 4000, height: 3000 });
  say(`committed ${saved.id} ${session.id}/${view}/${light} ${saved.sha256}`);
}
