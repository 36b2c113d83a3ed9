import type { Migration } from './migration.ts';
import { migration001 } from './001-tenants.ts';
import { migration002 } from './002-catalogue.ts';
import { migration003 } from './003-report-data.ts';
import { migration004 } from './004-skin-api.ts';
import { migration005 } from './005-deletions.ts';
import { migration006 } from './006-rate-limits.ts';
import { migration007 } from './007-catalogue-revisions.ts';
import { migration008 } from './008-catalogue-notifications.ts';
import { migration009 } from './009-task-stores.ts';
import { migration010 } from './010-upload-use.ts';
import { migration011 } from './011-instance-keys.ts';
import { migration012 } from './012-app-revocation.ts';
import { migration013 } from './013-background-turns.ts';
import { migration014 } from './014-turn-done-at.ts';

/** Numbered, append-only: never edit a migration that has shipped, add the next one. */
export const migrations: readonly Migration[] = [migration001, migration002, migration003, migration004, migration005, migration006, migration007, migration008, migration009, migration010, migration011, migration012, migration013, migration014];
