import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PostgresDatabase } from '../../../../platform/storage/postgres-database.ts';
import { DatabaseUnavailableError } from '../../../../platform/storage/sql.ts';
import { createTestPostgresDatabase, type TestPostgresDatabase } from '../../../helpers/postgres.ts';

/** An error with the given SQLSTATE and message, raised by the server. */
const raiseWith = (state: string, message: string) => `DO $$ BEGIN RAISE EXCEPTION USING ERRCODE = '${state}', MESSAGE = '${message.replaceAll("'", "''")}'; END $$`;
/** An internal error (XX000) raised by the server itself, with the given message. */
const raiseInternal = (message: string) => raiseWith('XX000', message);

/**
 * D-101: PostgreSQL 15 sometimes ends one of two transactions updating a row at once with
 * "new multixact has more than one updating member" (XX000) instead of a serialization failure
 * (seen in the catalogue's two-process race, C-012). Such a transaction is rolled back and runs
 * again; any other internal error still fails at once.
 */
describe('PostgreSQL transactions that collide', () => {
  let server: TestPostgresDatabase;
  let db: PostgresDatabase;
  beforeAll(async () => {
    server = await createTestPostgresDatabase();
    db = new PostgresDatabase(server.url);
    await db.run('CREATE TABLE marks (n INTEGER NOT NULL)');
  });
  afterAll(async () => {
    await db?.close();
    await server?.drop();
  });

  it('runs a transaction again after the multixact error, its first run rolled back', async () => {
    let runs = 0;
    await db.transaction(async (tx) => {
      runs += 1;
      await tx.run('INSERT INTO marks (n) VALUES (?)', [runs]);
      if (runs === 1) await tx.run(raiseInternal('new multixact has more than one updating member: 0 2[124594 (nokeyupd), 124602 (nokeyupd)]'));
    });
    expect(runs).toBe(2);
    expect(await db.all('SELECT n FROM marks ORDER BY n')).toEqual([{ n: 2 }]);
  });

  it('runs a transaction again after a unique violation: a concurrent transaction took the key its check found free (D-104)', async () => {
    let runs = 0;
    await db.transaction(async (tx) => {
      runs += 1;
      await tx.run('INSERT INTO marks (n) VALUES (?)', [10 + runs]);
      if (runs === 1) await tx.run(raiseWith('23505', 'duplicate key value violates unique constraint "stores_merchant_id_name_key"'));
    });
    expect(runs).toBe(2);
    expect(await db.all('SELECT n FROM marks WHERE n > 10 ORDER BY n')).toEqual([{ n: 12 }]);
  });

  it('a unique violation that persists ends after the bounded runs as unavailable, not in a loop (D-104)', async () => {
    let runs = 0;
    await expect(
      db.transaction(async (tx) => {
        runs += 1;
        await tx.run(raiseWith('23505', 'duplicate key value violates unique constraint "marks_key"'));
      }),
    ).rejects.toBeInstanceOf(DatabaseUnavailableError);
    expect(runs).toBe(12);
  });

  it('fails at once on any other internal error', async () => {
    let runs = 0;
    await expect(
      db.transaction(async (tx) => {
        runs += 1;
        await tx.run(raiseInternal('could not read block 7 of relation 1663/16384/16385'));
      }),
    ).rejects.toThrow('could not read block');
    expect(runs).toBe(1);
  });
});
