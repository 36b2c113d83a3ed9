import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SQL_BACKENDS, openTestDatabase, type TestDatabase } from '../../helpers/sql-backends.ts';

/** Migration 006: one counter row per rate-limit bucket, on both backends (D-052). */
describe.each(SQL_BACKENDS)('migration 006 rate limits on %s', (backend) => {
  let test: TestDatabase;
  beforeAll(async () => {
    test = await openTestDatabase(backend);
  });
  afterAll(async () => {
    await test?.close();
  });

  it('keeps one row per bucket and requires its counts', async () => {
    await test.db.run('INSERT INTO rate_limits (bucket, hits, window_start) VALUES (?, ?, ?)', ['token|a|127.0.0.1', 1, 1000]);
    await expect(test.db.run('INSERT INTO rate_limits (bucket, hits, window_start) VALUES (?, ?, ?)', ['token|a|127.0.0.1', 1, 2000])).rejects.toThrow();
    await expect(test.db.run('INSERT INTO rate_limits (bucket, hits, window_start) VALUES (?, NULL, ?)', ['token|b|127.0.0.1', 2000])).rejects.toThrow();
    expect(await test.db.one('SELECT hits, window_start FROM rate_limits WHERE bucket = ?', ['token|a|127.0.0.1'])).toEqual({ hits: 1, window_start: 1000 });
  });
});
