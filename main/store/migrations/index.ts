import type { SqliteMigration } from '../../../common/node/sqlite.ts';
import { migration001 } from './001-capture-store.ts';
import { migration002 } from './002-sync.ts';
import { migration003 } from './003-face-outlines.ts';
import { migration004 } from './004-deletion-outbox.ts';
import { migration005 } from './005-session-end-reason.ts';
import { migration006 } from './006-report-emails.ts';

export type Migration = SqliteMigration;

/**
 * Numbered, append-only: never edit a migration that has shipped, add the next one. The sync
 * engine adds its own (outbox) as the next number in this list.
 */
export const migrations: readonly Migration[] = [migration001, migration002, migration003, migration004, migration005, migration006];
