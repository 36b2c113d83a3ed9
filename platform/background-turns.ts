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
    await this.made(name);
    const { changes } = await this.db.run('UPDATE background_turns SET due_at = ? WHERE name = ? AND due_at <= ?', [heldUntil, name, now]);
    return changes === 1;
  }

  /**
   * Keeps a claimed turn: moves its due time from `heldUntil`, the value this node's claim or last
   * hold set, to `newHeldUntil`. False when another node has claimed it since (the hold ran out).
   */
  async hold(name: string, heldUntil: number, newHeldUntil: number): Promise<boolean> {
    const { changes } = await this.db.run('UPDATE background_turns SET due_at = ? WHERE name = ? AND due_at = ?', [newHeldUntil, name, heldUntil]);
    return changes === 1;
  }

  /**
   * done(), only while the turn is still held by the caller (its due time is the `heldUntil` its
   * claim or last hold set): a node that lost the turn while it worked does not move it.
   */
  async doneWhileHeld(name: string, heldUntil: number, nextDueAt: number, doneAt: number): Promise<boolean> {
    const { changes } = await this.db.run('UPDATE background_turns SET due_at = ?, done_at = ? WHERE name = ? AND due_at = ?', [nextDueAt, doneAt, name, heldUntil]);
    return changes === 1;
  }

  /** Whether the work of `name` is due by `now`, without claiming it (work several nodes may do at once). */
  async isDue(name: string, now: number): Promise<boolean> {
    await this.made(name);
    return (await this.db.one('SELECT 1 AS due FROM background_turns WHERE name = ? AND due_at <= ?', [name, now])) !== undefined;
  }

  /**
   * The work of `name` is done: next due at `nextDueAt`, with `doneAt`, a time its owner keeps
   * with it (D-142: when the walk that ran to its end began).
   */
  async done(name: string, nextDueAt: number, doneAt: number | null): Promise<void> {
    await this.db.run('UPDATE background_turns SET due_at = ?, done_at = ? WHERE name = ?', [nextDueAt, doneAt, name]);
  }

  /**
   * done(), only if the time kept is still `expectedDoneAt` (as read before the work): of two
   * nodes that did the work at once, the one that read first does not undo the other's.
   */
  async doneIf(name: string, expectedDoneAt: number | null, nextDueAt: number, doneAt: number): Promise<void> {
    if (expectedDoneAt === null) await this.db.run('UPDATE background_turns SET due_at = ?, done_at = ? WHERE name = ? AND done_at IS NULL', [nextDueAt, doneAt, name]);
    else await this.db.run('UPDATE background_turns SET due_at = ?, done_at = ? WHERE name = ? AND done_at = ?', [nextDueAt, doneAt, name, expectedDoneAt]);
  }

  /** The time kept by the last done() of `name` (null when none was). */
  async lastDone(name: string): Promise<number | null> {
    // BIGINT arrives as a number on PostgreSQL too (postgres-database.ts).
    const row = await this.db.one<{ done_at: number | null }>('SELECT done_at FROM background_turns WHERE name = ?', [name]);
    return row?.done_at ?? null;
  }

  /** The row of `name`, made due at once the first time it is asked for. */
  private async made(name: string): Promise<void> {
    await this.db.run('INSERT INTO background_turns (name, due_at) VALUES (?, 0) ON CONFLICT (name) DO NOTHING', [name]);
  }
}
