import type { SqlExecutor } from './sql.ts';

/**
 * Whether the database compares text by its bytes, as SQLite does (collation "C", docs/deploy.md,
 * D-051): asked of the comparison itself ("B" is 0x42, "a" 0x61), so it holds for a libc or an
 * ICU collation and for every PostgreSQL version, whatever its catalogue columns are called.
 */
export async function comparesTextByBytes(sql: SqlExecutor): Promise<boolean> {
  const row = await sql.one<{ bytes: boolean | number }>("SELECT 'B' < 'a' AS bytes");
  return Boolean(row?.bytes);
}

/** What the start says of a database that does not (D-133). */
export const NOT_BYTE_ORDER =
  'the database does not compare text by bytes (collation C): ties in lists sorted by text come out in another order than on SQLite; create it with LC_COLLATE C (docs/deploy.md)';
