import { afterEach, describe, expect, it } from 'vitest';
import { numbered } from '../../../../platform/storage/postgres-database.ts';
import { openTestDatabase, SQL_BACKENDS, type TestDatabase } from '../../../helpers/sql-backends.ts';

describe('numbered placeholders', () => {
  it('numbers ? outside strings, quoted names and comments', () => {
    expect(numbered(`SELECT '?', "a?" FROM t WHERE a = ? AND b = ? -- why?\n AND c = ?`)).toBe(`SELECT '?', "a?" FROM t WHERE a = $1 AND b = $2 -- why?\n AND c = $3`);
    expect(numbered(`SELECT 'it''s ?' WHERE x = ?`)).toBe(`SELECT 'it''s ?' WHERE x = $1`);
  });
});

describe.each(SQL_BACKENDS)('SqlDatabase on %s', (backend) => {
  let test: TestDatabase | undefined;
  afterEach(async () => {
    await test?.close();
    test = undefined;
  });

  async function open(): Promise<TestDatabase> {
    test = await openTestDatabase(backend);
    await test.db.run('CREATE TABLE counters (name TEXT PRIMARY KEY, value BIGINT NOT NULL)');
    return test;
  }

  it('reads, writes and reports changes', async () => {
    const { db } = await open();
    expect((await db.run('INSERT INTO counters (name, value) VALUES (?, ?), (?, ?)', ['a', 1, 'b', 2])).changes).toBe(2);
    expect(await db.one<{ value: number }>('SELECT value FROM counters WHERE name = ?', ['b'])).toEqual({ value: 2 });
    expect(await db.one('SELECT value FROM counters WHERE name = ?', ['none'])).toBeUndefined();
    const total = await db.one<{ n: number; s: number }>('SELECT COUNT(*) AS n, SUM(value) AS s FROM counters');
    // Numbers on both backends, not PostgreSQL's BIGINT strings.
    expect(total).toEqual({ n: 2, s: 3 });
    expect((await db.run('UPDATE counters SET value = value + 1 WHERE value > ?', [5])).changes).toBe(0);
  });

  it('keeps read-then-write transactions whole under 40 concurrent callers', async () => {
    const { db } = await open();
    await db.run('INSERT INTO counters (name, value) VALUES (?, ?)', ['n', 0]);
    await Promise.all(
      Array.from({ length: 40 }, () =>
        db.transaction(async (tx) => {
          const row = await tx.one<{ value: number }>('SELECT value FROM counters WHERE name = ?', ['n']);
          await tx.run('UPDATE counters SET value = ? WHERE name = ?', [row!.value + 1, 'n']);
        }),
      ),
    );
    expect(await db.one('SELECT value FROM counters WHERE name = ?', ['n'])).toEqual({ value: 40 });
  });

  it('rolls back a failed transaction and refuses the database inside one', async () => {
    const { db } = await open();
    await expect(
      db.transaction(async (tx) => {
        await tx.run('INSERT INTO counters (name, value) VALUES (?, ?)', ['x', 1]);
        throw new Error('boom');
      }),
    ).rejects.toThrow('boom');
    expect(await db.one('SELECT value FROM counters WHERE name = ?', ['x'])).toBeUndefined();
    await expect(db.transaction(() => db.one('SELECT 1 AS one'))).rejects.toThrow(/inside a transaction/);
    await db.ping();
  });
});
