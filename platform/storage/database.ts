import { join } from 'node:path';
import { openSqlite, type SqliteDb } from '../../common/node/sqlite.ts';
import { migrations } from './migrations/index.ts';

export type Db = SqliteDb;
export { migrate } from '../../common/node/sqlite.ts';

/** Opens (creating if needed) the platform database in its data directory and migrates it. */
export function openDatabase(dataDir: string, file = 'platform.sqlite'): Db {
  return openSqlite(join(dataDir, file), migrations);
}
