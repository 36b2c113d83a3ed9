import type Database from 'better-sqlite3';

/** One numbered schema step; its own file, so migration files and the list never import each other. */
export interface Migration {
  readonly version: number;
  readonly name: string;
  up(db: Database.Database): void;
}
