import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PostgresDatabase } from '../../../../platform/storage/postgres-database.ts';
import { createTestPostgresDatabase, type TestPostgresDatabase } from '../../../helpers/postgres.ts';

/** LISTEN on a connection of its own (platform/storage/postgres-notifications.ts, D-075), on a real server. */
describe('PostgreSQL notifications', () => {
  let server: TestPostgresDatabase;
  let db: PostgresDatabase;
  beforeAll(async () => {
    server = await createTestPostgresDatabase();
    db = new PostgresDatabase(server.url);
  });
  afterAll(async () => {
    await db?.close();
    await server?.drop();
  });

  const until = async (done: () => boolean, what: string): Promise<void> => {
    const deadline = Date.now() + 5000;
    while (!done()) {
      if (Date.now() > deadline) throw new Error(`not within 5 s: ${what}`);
      await new Promise((r) => setTimeout(r, 10));
    }
  };

  it('hears what is sent after it listens, only at commit, and listens again after its connection is killed', async () => {
    const heard: string[] = [];
    const states: boolean[] = [];
    const stop = db.notifications.listen('test_channel', { heard: (p) => heard.push(p), listening: (on) => states.push(on) });
    await until(() => states.at(-1) === true, 'listening');
    await db.run("SELECT pg_notify('test_channel', 'one')");
    await db.run("SELECT pg_notify('other_channel', 'not this one')");
    await until(() => heard.length === 1, 'the first payload');
    // Sent inside a transaction: nothing until it commits, nothing at all when it rolls back.
    await db.transaction(async (tx) => {
      await tx.run("SELECT pg_notify('test_channel', 'committed')");
      await new Promise((r) => setTimeout(r, 50));
      expect(heard).toEqual(['one']);
    });
    await expect(
      db.transaction(async (tx) => {
        await tx.run("SELECT pg_notify('test_channel', 'rolled back')");
        throw new Error('roll back');
      }),
    ).rejects.toThrow('roll back');
    await until(() => heard.length === 2, 'the committed payload');

    const killed = await db.all<{ ok: boolean }>("SELECT pg_terminate_backend(pid) AS ok FROM pg_stat_activity WHERE datname = current_database() AND query = 'LISTEN test_channel'");
    expect(killed).toEqual([{ ok: true }]);
    await until(() => states.length >= 3 && states.at(-1) === true, 'deaf, then listening again');
    expect(states.slice(0, 3)).toEqual([true, false, true]);
    await db.run("SELECT pg_notify('test_channel', 'after the loss')");
    await until(() => heard.length === 3, 'a payload after the reconnection');
    expect(heard).toEqual(['one', 'committed', 'after the loss']);

    await stop();
    expect(states.at(-1)).toBe(false);
    await db.run("SELECT pg_notify('test_channel', 'after stop')");
    await new Promise((r) => setTimeout(r, 100));
    expect(heard).toHaveLength(3);
  });

  it('refuses a channel name that is not lower-case letters and _', () => {
    expect(() => db.notifications.listen('x; DROP TABLE y', { heard: () => {}, listening: () => {} })).toThrow(/not a channel name/);
  });
});
