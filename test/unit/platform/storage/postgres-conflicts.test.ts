import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PostgresDatabase } from '../../../../platform/storage/postgres-database.ts';
import { createTestPostgresDatabase, type TestPostgresDatabase } from '../../../helpers/postgres.ts';

/** An internal error (XX000) raised by the server itself, with the given message. */
const raiseInternal = (message: string) => `DO $$ BEGIN RAISE EXCEPTION USING ERRCODE = 'XX000', MESSAGE = '${message}'; END $$`;

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
