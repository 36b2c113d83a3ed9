import type { PostgresMigration } from './postgres-migration.ts';
import { postgres005 } from './005-baseline.ts';
import { postgres006 } from './006-rate-limits.ts';
import { postgres007 } from './007-catalogue-revisions.ts';
import { postgres008 } from './008-catalogue-notifications.ts';
import { postgres009 } from './009-task-stores.ts';
import { postgres010 } from './010-upload-use.ts';
import { postgres011 } from './011-instance-keys.ts';
import { postgres012 } from './012-app-revocation.ts';
import { postgres013 } from './013-background-turns.ts';
import { postgres014 } from './014-turn-done-at.ts';

/**
 * Numbered like the SQLite list (platform/storage/migrations/index.ts) and append-only: a new
 * schema step is added to both lists under the same number.
 */
export const postgresMigrations: readonly PostgresMigration[] = [postgres005, postgres006, postgres007, postgres008, postgres009, postgres010, postgres011, postgres012, postgres013, postgres014];
