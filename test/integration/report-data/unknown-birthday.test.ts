import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PlatformClient } from '../../../main/platform-client/client.ts';
import { deviceSyncEndpoints } from '../../../protocol/endpoints/device-sync.ts';
import type { PushBody } from '../../../protocol/report-data/push.ts';
import { startMerchantReference, type RunningMerchantReference } from '../../../platform/merchant-reference/server.ts';
import type { DemoApp } from '../../../platform/seed/demo-seed.ts';
import { startTestPlatform, type TestPlatform } from '../../helpers/platform.ts';
import { nowSeconds, rawPull, signedQuery, syncUser } from './helpers.ts';

/**
 * Decision D-041 (issue 13 item 8): the user item's birthday is "date YYYY-MM-DD", not marked
 * "may be empty", so an unknown birthday is left out of every pulled and pushed user item, never
 * sent as ''. A kiosk of an earlier version that still sends '' is read as "unknown" too.
 */
describe('an unknown birthday is left out of pulled and pushed users', () => {
  let tp: TestPlatform;
  let app: DemoApp;
  let client: PlatformClient;
  let receiver: RunningMerchantReference;
  const received: PushBody[] = [];

  beforeAll(async () => {
    tp = await startTestPlatform({ config: { pushPollMs: 50, allowedPrivateCallbackHosts: ['127.0.0.1:*'] } });
    app = tp.app('primary');
    client = tp.client(app);
    // The reference receiver parses each event with the protocol's schemas: '' would be refused there.
    receiver = await startMerchantReference({ secret: app.app_secret, onEvent: (event) => void received.push(event) });
    await client.call(deviceSyncEndpoints.updateIntegration, { body: { webhook_url: `${receiver.url}/webhook` } });
  });
  afterAll(async () => {
    await receiver.close();
    await tp.stop();
  });

  async function pulledUsers(): Promise<Record<string, unknown>[]> {
    const now = nowSeconds(tp);
    const query = new URLSearchParams(signedQuery(app, { begin: now - 3600, end: now + 60, data_type: 'user', limit: 500 }, tp));
    const { code, response } = await rawPull(tp, query.toString());
    expect(code).toBe(0);
    return (response as { lists: Record<string, unknown>[] }).lists;
  }

  it('registers customers without a birthday, with the old empty one and with a date; only the date is sent', async () => {
    const none = await syncUser(client, { name: 'No Birthday', birthday: undefined });
    const empty = await syncUser(client, { name: 'Old Kiosk', birthday: '' });
    const dated = await syncUser(client, { name: 'Has Birthday', birthday: '1990-05-17' });
    expect('birthday' in none.user).toBe(false);
    expect('birthday' in empty.user).toBe(false);
    expect(dated.user.birthday).toBe('1990-05-17');

    // A retry of the old kiosk's call (same revision, same content) is still the same call.
    const retried = await syncUser(client, { client_user_id: empty.client_user_id, name: 'Old Kiosk', birthday: '' });
    expect(retried.user.id).toBe(empty.user.id);

    const byId = new Map((await pulledUsers()).map((u) => [u['id'], u]));
    expect(Object.keys(byId.get(none.user.id) ?? { missing: true })).not.toContain('birthday');
    expect(Object.keys(byId.get(empty.user.id) ?? { missing: true })).not.toContain('birthday');
    expect(byId.get(dated.user.id)?.['birthday']).toBe('1990-05-17');
  });

  async function waitFor(what: string, done: () => boolean): Promise<void> {
    const deadline = Date.now() + 20_000;
    while (!done()) {
      if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }

  const birthdays = (events: PushBody[]) =>
    events.filter((event) => event.data_type === 'user').map((event) => {
      const user = event.data as Record<string, unknown>;
      return [user['name'], 'birthday' in user ? user['birthday'] : 'left out'];
    });

  it('pushes the user events without it', async () => {
    await waitFor('three user events', () => received.length >= 3);
    expect(birthdays(received)).toEqual([
      ['No Birthday', 'left out'],
      ['Old Kiosk', 'left out'],
      ['Has Birthday', '1990-05-17'],
    ]);
  });

  it('leaves it out of a redelivered event recorded before D-041 with birthday \'\'', async () => {
    const { sql } = tp.platform.services;
    const first = (await sql.one<{ event_id: string; data: string }>("SELECT event_id, data FROM push_events WHERE data_type = 'user' ORDER BY id LIMIT 1"))!;
    await sql.run('UPDATE push_events SET data = ? WHERE event_id = ?', [JSON.stringify({ ...(JSON.parse(first.data) as object), birthday: '' }), first.event_id]);
    // A fresh receiver: the first one drops an event id it has seen (delivery is at-least-once).
    const again: PushBody[] = [];
    const second = await startMerchantReference({ secret: app.app_secret, onEvent: (event) => void again.push(event) });
    try {
      await client.call(deviceSyncEndpoints.updateIntegration, { body: { webhook_url: `${second.url}/webhook` } });
      await client.call(deviceSyncEndpoints.redeliver, { body: { event_ids: [first.event_id] } });
      await waitFor('the redelivery', () => again.length >= 1);
      expect(birthdays(again)).toEqual([['No Birthday', 'left out']]);
    } finally {
      await second.close();
    }
  });
});
