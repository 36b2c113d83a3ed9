import type { SqlDatabase } from './storage/sql.ts';

/**
 * Whose turn it is to do the platform's periodic work when several nodes could (D-140): a row per
 * piece of work (e.g. `orphan_walk <store>`), made at its first claim. A turn is claimed by moving
 * its due time on, guarded by the time read: of nodes due at once one wins (on PostgreSQL the
 * others' UPDATE waits for its commit and then matches no row). The claim holds the work for a
 * while only; the node that finishes it moves the due time to the next period, so work a node
 * stopped or failed in is taken up again soon by another.
 */
export class BackgroundTurns {
  constructor(private readonly db: SqlDatabase) {}

  /** Whether the caller takes the turn of `name`, due by `now`; if it does, no one else's until `heldUntil`. */
  async claim(name: string, now: number, heldUntil: number): Promise<boolean> {
    await this.db.run('INSERT INTO background_turns (name, due_at) VALUES (?, 0) ON CONFLICT (name) DO NOTHING', [name]);
    const { changes } = await this.db.run('UPDATE background_turns SET due_at = ? WHERE name = ? AND due_at <= ?', [heldUntil, name, now]);
    return changes === 1;
  }

  /** The work of `name` is done: next due at `nextDueAt`. */
  async done(name: string, nextDueAt: number): Promise<void> {
    await this.db.run('UPDATE background_turns SET due_at = ? WHERE name = ?', [nextDueAt, name]);
  }
}
