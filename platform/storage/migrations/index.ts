import type Database from 'better-sqlite3';
import { migration001 } from './001-tenants.ts';

export interface Migration {
  readonly version: number;
  readonly name: string;
  up(db: Database.Database): void;
}

/** Numbered, append-only: never edit a migration that has shipped, add the next one. */
export const migrations: readonly Migration[] = [migration001];
