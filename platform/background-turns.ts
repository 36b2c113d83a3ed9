import type { SqlDatabase } from './storage/sql.ts';

/** Periodic work the platform does once per period for all its nodes (a row each, migration 013). */
export type TurnName = 'orphan_walk';

/**
 * Whose turn it is to do the platform's periodic work when several nodes could (D-140). A turn is
 * claimed by moving its due time on, guarded by the time read: of nodes due at once one wins (on
 * PostgreSQL the others' UPDATE waits for its commit and then matches no row). A node that dies
 * during its turn leaves the work to the next period.
 */
export class BackgroundTurns {
  constructor(private readonly db: SqlDatabase) {}

  /** Whether the caller takes the turn of `name`, due by `now`; if it does, the next is due at `nextDueAt`. */
  async claim(name: TurnName, now: number, nextDueAt: number): Promise<boolean> {
    const { changes } = await this.db.run('UPDATE background_turns SET due_at = ? WHERE name = ? AND due_at <= ?', [nextDueAt, name, now]);
    return changes === 1;
  }
}
