import { openSqlite, type SqliteDb } from '../../common/node/sqlite.ts';
import { migrations } from './migrations/index.ts';

export type Db = SqliteDb;
export { migrate } from '../../common/node/sqlite.ts';

/** Opens (creating if needed) the kiosk database and migrates it. */
export function openStoreDatabase(file: string): Db {
  return openSqlite(file, migrations);
}
