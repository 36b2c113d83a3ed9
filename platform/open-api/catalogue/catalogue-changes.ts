import type { SqlDatabase } from '../../storage/sql.ts';

/** The channel PostgreSQL migration 008's trigger notifies with a merchant's id. */
export const CATALOGUE_CHANNEL = 'catalogue_changed';

/**
 * What this process knows of changes to merchants' catalogues (D-075), so a kept merchant page
 * can be served without reading anything: it stands while the merchant's stamp is the one read
 * before its rows were.
 *
 * A stamp counts the merchant's changes this process committed (told by CatalogueRepository
 * after each commit) and those it learnt of from other processes: on PostgreSQL the
 * notifications of migration 008's trigger, heard on a connection of its own; on SQLite the
 * file's data version, which moves with any other connection's commit (conservative: a write of
 * another process anywhere in the file drops every kept page). On PostgreSQL the stamp is null
 * while nothing is heard (starting, or the listening connection lost): kept pages are then
 * checked by the items' revisions (D-071). Every start or loss of listening opens a new epoch, so
 * a page kept before a gap never matches again.
 */
export class CatalogueChanges {
  readonly #db: SqlDatabase;
  #listening = false;
  #epoch = 0;
  readonly #counts = new Map<number, number>();

  constructor(db: SqlDatabase) {
    this.#db = db;
    // The listener closes with the database (PostgresNotifications.close).
    db.notifications?.listen(CATALOGUE_CHANNEL, {
      heard: (payload) => {
        const merchantId = Number(payload);
        if (Number.isSafeInteger(merchantId)) this.changed(merchantId);
      },
      listening: (on) => {
        this.#epoch++;
        this.#listening = on;
      },
    });
  }

  /** The merchant's catalogue changed: a commit of this process, or one heard of. */
  changed(merchantId: number): void {
    this.#counts.set(merchantId, (this.#counts.get(merchantId) ?? 0) + 1);
  }

  /** Read before the rows a page is made from and kept with it; null when nothing kept may be trusted. */
  stamp(merchantId: number): string | null {
    const own = this.#counts.get(merchantId) ?? 0;
    if (this.#db.notifications) return this.#listening ? `${this.#epoch}.${own}` : null;
    return `${this.#db.otherWritesVersion() ?? 'none'}.${own}`;
  }
}

const byDatabase = new WeakMap<SqlDatabase, CatalogueChanges>();

/** The one CatalogueChanges of a database handle: every repository on it tells the same one, and PostgreSQL gets one listener. */
export function catalogueChangesOf(db: SqlDatabase): CatalogueChanges {
  let changes = byDatabase.get(db);
  if (!changes) {
    changes = new CatalogueChanges(db);
    byDatabase.set(db, changes);
  }
  return changes;
}
