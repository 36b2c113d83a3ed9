import type { SqliteMigration } from '../../../common/node/sqlite.ts';

/** One numbered schema step; its own file, so migration files and the list never import each other. */
export type Migration = SqliteMigration;
