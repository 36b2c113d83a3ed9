import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PostgresDatabase } from '../../../platform/storage/postgres-database.ts';
import { createTestPostgresDatabase, type TestPostgresDatabase } from '../../helpers/postgres.ts';
import { startPlatformProcess, type PlatformProcess } from '../../helpers/platform-process.ts';

/**
 * Issue 15 item 5 for push (D-073, D-059): worker processes share the outbox; a worker killed with
 * SIGKILL in the middle of a delivery leaves the event to another worker once its claim ends, the
 * merchant's later events wait behind it, and every event is recorded delivered once. The
 * receiver sees the cut-off event twice (at-least-once; receivers drop repeats by event_id).
 */

interface DemoApp {
  app_id: string;
  merchant_id: string | null;
  merchant_name: string | null;
}

const EVENTS = 5;

function body(request: IncomingMessage): Promise<string> {
  return new Promise((resolve) => {
    let text = '';
    request.on('data', (chunk: Buffer) => (text += chunk.toString()));
    request.on('end', () => resolve(text));
  });
}

describe('push deliveries when a worker dies mid-call', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'platform-push-crash-'));
  const nodes: PlatformProcess[] = [];
  const received: string[] = [];
  let receiver: Server;
  let receiverUrl = '';
  let database: TestPostgresDatabase;
  let db: PostgresDatabase;
  let common: string[] = [];
  /** The first call carrying this event is never answered (its caller is killed meanwhile). */
  let held = '';

  beforeAll(async () => {
    database = await createTestPostgresDatabase();
    receiver = createServer((request, response) => {
      void body(request).then((text) => {
        const eventId = (JSON.parse(text) as { event_id: string }).event_id;
        received.push(eventId);
        if (eventId === held && received.filter((id) => id === held).length === 1) return; // never answered
        response.writeHead(200, { 'content-type': 'text/plain' }).end('success');
      });
    });
    await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
    const address = receiver.address();
    receiverUrl = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}/hook`;
    common = ['--database', database.url, '--allow-callback-host', '127.0.0.1:*'];
    nodes.push(await startPlatformProcess(dataDir, 0, [...common, '--role', 'api']));
    db = new PostgresDatabase(database.url, { poolSize: 2 });
  }, 60_000);

  afterAll(async () => {
    await Promise.all(nodes.map((node) => node.kill()));
    receiver?.closeAllConnections();
    receiver?.close();
    await db?.close();
    await database?.drop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('is delivered by another worker after the claim ends, once, and in order', async () => {
    const creds = JSON.parse(readFileSync(join(dataDir, 'demo-credentials.json'), 'utf8')) as { apps: DemoApp[] };
    const app = creds.apps.find((a) => a.merchant_name === 'Lumen Skin Studio')!;
    const merchantId = Number(app.merchant_id);
    const now = Date.now();
    await db.run(
      `INSERT INTO merchant_integrations (merchant_id, webhook_url, webhook_enabled, signing_app_id, updated_at) VALUES (?, ?, 1, ?, ?)
       ON CONFLICT (merchant_id) DO UPDATE SET webhook_url = excluded.webhook_url, webhook_enabled = 1, signing_app_id = excluded.signing_app_id`,
      [merchantId, receiverUrl, app.app_id, now],
    );
    const ids = Array.from({ length: EVENTS }, (_, i) => `evt_multinode_${i}`);
    held = ids[0]!;
    for (const [i, eventId] of ids.entries()) {
      await db.run(
        `INSERT INTO push_events (event_id, merchant_id, data_type, action_type, source_type, user_id, data, status, next_attempt_at, created_at, updated_at)
         VALUES (?, ?, 'report', 'create', NULL, NULL, ?, 'pending', ?, ?, ?)`,
        [eventId, merchantId, JSON.stringify({ id: i + 1 }), now, now, now],
      );
    }

    // An API node delivers nothing (D-073): a poll period and more pass without a call.
    await new Promise((resolve) => setTimeout(resolve, 2_500));
    expect(received).toEqual([]);

    const first = await startPlatformProcess(dataDir, 0, [...common, '--role', 'worker', '--workers', '1']);
    nodes.push(first);
    const deadline = Date.now() + 30_000;
    while (!received.includes(held)) {
      if (Date.now() > deadline) throw new Error('the first worker never called the webhook');
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    await first.kill();
    // The merchant's later events wait behind the claimed head.
    expect(received).toEqual([held]);

    nodes.push(await startPlatformProcess(dataDir, 0, [...common, '--role', 'worker', '--workers', '1']));
    nodes.push(await startPlatformProcess(dataDir, 0, [...common, '--role', 'worker', '--workers', '1']));
    const until = Date.now() + 60_000;
    while (Number((await db.one<{ n: number }>("SELECT COUNT(*) AS n FROM push_events WHERE status = 'delivered'"))?.n) < EVENTS) {
      if (Date.now() > until) throw new Error(`not delivered in time: ${JSON.stringify(await db.all('SELECT event_id, status, attempts, last_error FROM push_events'))}`);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    // The cut-off call again, then each later event once, in the order they happened.
    expect(received).toEqual([held, ...ids]);
    expect(await db.all('SELECT event_id, status, attempts FROM push_events ORDER BY id')).toEqual(ids.map((event_id) => ({ event_id, status: 'delivered', attempts: 1 })));
    expect(await db.one('SELECT COUNT(*) AS n FROM push_attempts')).toEqual({ n: EVENTS });
  }, 120_000);
});
