import type { FastifyBaseLogger } from 'fastify';
import { BackgroundTurns } from '../background-turns.ts';
import type { Clock } from '../clock.ts';
import { dayOfKey, daysBetween } from '../objects/dated-keys.ts';
import type { ListedObject, ObjectStore } from '../objects/object-store.ts';
import type { SqlDatabase } from '../storage/sql.ts';
import { outputKeys, outputTaskId } from './output-keys.ts';
import { TaskRepository } from './task-repository.ts';
import { UploadRepository } from './upload-repository.ts';
import { RESOURCE_KEY } from './upload-service.ts';

export interface RetentionSettings {
  /** The ttl of the policies this instance issues: an object can arrive up to this long after its row. */
  readonly ttlSeconds: number;
  /** How long past its policy's expiry an upload no task or report used is kept (D-096). */
  readonly graceSeconds: number;
}

/** Rows removed per statement of the unused-upload sweep. */
const ROW_BATCH = 500;
/** decision: the sweeps run a minute after start (not on the cold start's path), then hourly. */
const FIRST_SWEEP_MS = 60_000;
const SWEEP_EVERY_MS = 60 * 60_000;
/**
 * decision: orphans only come of crashes, so the walk runs once a day for the whole platform, by
 * whichever node's sweep finds it due (D-096; D-140).
 */
const ORPHAN_SWEEP_EVERY_MS = 24 * 60 * 60_000;
/** A node whose clock is behind dates its keys up to a day early (D-142). */
const DAYS_MARGIN_MS = 24 * 60 * 60_000;
/**
 * How far back a walk counts at most from a last complete walk long ago (a platform switched off
 * for months, a clock set wrong): a month of days, not years of listings.
 */
const DAYS_BACK_AT_MOST_MS = 31 * 24 * 60 * 60_000;
/** A node's clock ahead of this one's makes tomorrow's keys before this one's midnight. */
const CLOCKS_APART_MS = 24 * 60 * 60_000;
/**
 * Keys made before D-142 (no day in them) are walked over the whole store until walks spanning
 * this long past the time orphans are made in have found none young enough to become an orphan:
 * long enough that a node still making them (a rolling upgrade) would have made one.
 */
const UNDATED_CLEAN_PAST_GRACE_MS = 3 * 24 * 60 * 60_000;
/** Due time of the undated keys' walk once it has ended for good. */
const UNDATED_WALK_ENDED = Number.MAX_SAFE_INTEGER;
/**
 * An output is judged by its task's row, not by its age: the files a result names are committed
 * with it, and a task still queued or running is left alone. The hour only keeps the sweep off
 * objects newer than any row could say anything about (clocks of nodes and store apart).
 */
const OUTPUT_ORPHAN_AGE_MS = 60 * 60_000;
/**
 * How long after it was written an output of a finished task is checked against the task's
 * stored result. Orphans of that kind are made when an attempt runs, so two daily walks judge
 * each one; reading the result of every task whose outputs the bucket holds, every day, would
 * read the database's largest column whole (after review of D-138). Past this, an output is
 * judged by its task's row alone: gone (a removed merchant's) or not.
 */
const OUTPUT_RESULT_CHECK_MS = 2 * 24 * 60 * 60_000;
/**
 * How long a node's claim of the walk keeps others off it; the walk renews it as it goes, and
 * finishing moves it on a day (D-140, D-143).
 */
const WALK_HELD_MS = 60 * 60_000;

export interface SweepCounts {
  /** Policies past their grace no task or report used: rows removed (their objects with them). */
  readonly unused: number;
  /**
   * Objects under a resource key older than ttl + grace that no row names, and analysis outputs
   * their task's stored result does not name (D-138).
   */
  readonly orphans: number;
  /** Keys the store refused to delete (an object lock, AccessDenied): logged, tried again by later walks. */
  readonly refused: readonly string[];
}

/**
 * Removes what customers uploaded and no work used (D-096): the photo of an abandoned session
 * must not stay in the store forever. Two sweeps, both safe to run on several nodes at once:
 * - unused uploads: a policy expired more than the grace ago whose upload no accepted task or
 *   report names (uploads.used_at, set in their transactions) loses its row, then its object.
 *   Row first: a task accepted at that moment either marked the row used first (it stays) or
 *   finds it gone and is refused; a crash between the two leaves an object no row names, which
 *   the second sweep removes.
 * - orphans: objects under a resource key, older than the policy ttl plus the grace, that no row
 *   names (a crash as above, or a policy row a database crash lost after its address was handed
 *   out, D-096's asynchronous commit); and analysis outputs, older than an hour, of a task that
 *   no longer exists (a merchant removed since), or written in the last two days by a task that
 *   is finished and whose result does not name them (an attempt killed, refused or failed after
 *   writing them; D-138). Outputs written before D-138 (no task in their key) and any other key
 *   are never touched. Only the days in which an orphan can still be made are listed (keys carry
 *   their day, D-142), a page at a time.
 */
export class UploadRetention {
  private readonly rows: UploadRepository;
  private readonly tasks: TaskRepository;
  private readonly turns: BackgroundTurns;
  private readonly walkTurn: string;
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<unknown> | null = null;
  private stopped = false;

  constructor(
    sql: SqlDatabase,
    private readonly clock: Clock,
    private readonly store: ObjectStore,
    private readonly settings: RetentionSettings,
  ) {
    this.rows = new UploadRepository(sql);
    this.tasks = new TaskRepository(sql);
    this.turns = new BackgroundTurns(sql);
    // One turn per store: two regions' nodes sharing a database may each have a store of their own.
    this.walkTurn = `orphan_walk ${store.location}`;
  }

  /** Rows (then objects) of unused uploads whose policy expired more than the grace ago; how many rows this call removed. */
  async sweepUnused(refused: string[] = []): Promise<number> {
    const expiredBefore = this.clock.now() - this.settings.graceSeconds * 1000;
    let removed = 0;
    while (!this.stopped) {
      const keys = await this.rows.deleteUnusedExpired(expiredBefore, ROW_BATCH);
      // An object the store refused to delete has lost its row: the orphan walk tries it again.
      refused.push(...(await this.store.deleteMany(keys)));
      removed += keys.length;
      if (keys.length < ROW_BATCH) break;
    }
    return removed;
  }

  /**
   * Objects under a resource key, older than ttl + grace, that no row names, and outputs no task
   * result names (the class comment); how many this call deleted.
   */
  async sweepOrphans(pageSize?: number, refused: string[] = []): Promise<number> {
    return (await this.walkForOrphans(this.clock.now(), pageSize, refused, null)).deleted;
  }

  /**
   * sweepOrphans, and whether it walked all it meant to (not stopped on the way). Lists the days
   * in which an orphan can still be made (D-142), counted back from the start of the last walk
   * that ran to its end, so days a stopped platform or a failing walk missed are listed too; then
   * the whole store for keys made before D-142, until that walk has ended.
   */
  private async walkForOrphans(now: number, pageSize: number | undefined, refused: string[], hold: WalkHold | null): Promise<{ deleted: number; complete: boolean }> {
    const uploadsBefore = now - (this.settings.ttlSeconds + this.settings.graceSeconds) * 1000;
    const lastWalk = Math.max(now - DAYS_BACK_AT_MOST_MS, Math.min(now, (await this.turns.lastDone(this.walkTurn)) ?? now));
    const walkedSince = lastWalk - this.orphansMadeWithinMs() - DAYS_MARGIN_MS;
    let deleted = 0;
    const judge = async (page: readonly ListedObject[]) => {
      const uploads = page.filter((object) => RESOURCE_KEY.test(object.key) && object.modifiedAt < uploadsBefore).map((object) => object.key);
      const outputs = page.filter((object) => object.modifiedAt < now - OUTPUT_ORPHAN_AGE_MS && outputTaskId(object.key) !== null);
      const orphans = [...(await this.unnamedUploads(uploads)), ...(await this.unnamedOutputs(outputs, now))];
      const notDeleted = await this.store.deleteMany(orphans);
      refused.push(...notDeleted);
      deleted += orphans.length - notDeleted.length;
    };
    // Whether to go on: not stopping, and still this node's walk (held as it goes, D-143).
    const goOn = async () => !this.stopped && (hold === null || (await hold.keep()));
    // One day after another: enough through 10x (scaling.md). Listing days side by side is the
    // step for 100x, not taken while the S3 server the tests run (Swift) exits under concurrent
    // listings, so that it could not be tested for real.
    for (const day of daysBetween(walkedSince, now + CLOCKS_APART_MS)) {
      if (!(await goOn())) return { deleted, complete: false };
      for await (const page of this.store.listPages(pageSize, day)) {
        if (!(await goOn())) return { deleted, complete: false };
        await judge(page);
      }
    }
    const undatedWalked = await this.walkUndated(now, pageSize, judge, goOn);
    return { deleted, complete: undatedWalked && !this.stopped };
  }

  /**
   * The old walk, over the whole store, for keys made before D-142, judged as before: it runs
   * until walks spanning ttl + grace + three days found none young enough to become an orphan
   * (every node makes dated keys by then), and never after. A young one found starts that span
   * again, and undoes another walker's ending. After running an older version again, an operator
   * starts it again by deleting its row (deploy.md).
   */
  private async walkUndated(now: number, pageSize: number | undefined, judge: (page: readonly ListedObject[]) => Promise<void>, goOn: () => Promise<boolean>): Promise<boolean> {
    const turn = `undated_keys ${this.store.location}`;
    if (!(await goOn())) return false;
    if (!(await this.turns.isDue(turn, now))) return true;
    const cleanFor = this.orphansMadeWithinMs() + UNDATED_CLEAN_PAST_GRACE_MS;
    const youngSince = now - cleanFor;
    let young = false;
    for await (const page of this.store.listPages(pageSize)) {
      if (!(await goOn())) return false;
      const undated = page.filter((object) => dayOfKey(object.key) === null);
      young ||= undated.some((object) => object.modifiedAt >= youngSince && (RESOURCE_KEY.test(object.key) || outputTaskId(object.key) !== null));
      await judge(undated);
    }
    if (young) {
      await this.turns.done(turn, 0, null);
    } else {
      const cleanSince = await this.turns.lastDone(turn);
      const ended = cleanSince !== null && now - cleanSince >= cleanFor;
      // Only over what was read: a walker that found a young key meanwhile wins (its reset stays).
      await this.turns.doneIf(turn, cleanSince, ended ? UNDATED_WALK_ENDED : 0, cleanSince ?? now);
    }
    return true;
  }

  /**
   * How long after its key was made an object can still become an orphan: an upload's row is
   * swept ttl + grace after its policy, and an output is judged by its result for two days
   * (D-138), whichever is longer.
   */
  private orphansMadeWithinMs(): number {
    return Math.max((this.settings.ttlSeconds + this.settings.graceSeconds) * 1000, OUTPUT_RESULT_CHECK_MS);
  }

  private async unnamedUploads(keys: readonly string[]): Promise<string[]> {
    if (keys.length === 0) return [];
    const named = await this.rows.named(keys);
    return keys.filter((key) => !named.has(key));
  }

  /**
   * Outputs whose task is gone, or, written in the last OUTPUT_RESULT_CHECK_MS, whose finished
   * task's result does not name them; a queued or running task's are kept. Results are read only
   * for those recent outputs' tasks.
   */
  private async unnamedOutputs(objects: readonly ListedObject[], now: number): Promise<string[]> {
    if (objects.length === 0) return [];
    const taskOf = (object: ListedObject) => outputTaskId(object.key)!;
    const statuses = await this.tasks.statuses([...new Set(objects.map(taskOf))]);
    const gone = objects.filter((object) => !statuses.has(taskOf(object)));
    const toCheck = objects.filter((object) => {
      const status = statuses.get(taskOf(object));
      return (status === 'succeeded' || status === 'failed') && object.modifiedAt >= now - OUTPUT_RESULT_CHECK_MS;
    });
    if (toCheck.length === 0) return gone.map((object) => object.key);
    const results = await this.tasks.results([...new Set(toCheck.map(taskOf))]);
    const named = new Set([...results.values()].flatMap((result) => outputKeys(result)));
    return [...gone, ...toCheck.filter((object) => !named.has(object.key))].map((object) => object.key);
  }

  /**
   * What each scheduled run does: the unused uploads, then the walk for orphans if it is this
   * node's turn (due once a day for the whole platform, D-140).
   */
  async sweepInTurn(): Promise<SweepCounts> {
    const refused: string[] = [];
    const unused = await this.sweepUnused(refused);
    const now = this.clock.now();
    if (this.stopped || !(await this.turns.claim(this.walkTurn, now, now + WALK_HELD_MS))) return { unused, orphans: 0, refused };
    const hold = new WalkHold(this.turns, this.walkTurn, this.clock, now + WALK_HELD_MS);
    const walk = await this.walkForOrphans(now, undefined, refused, hold);
    // A walk cut short (the node stopping, or its hold lost to another node) is taken up again by
    // a node within the hour; one run to its end is where the next one starts counting its days
    // back from (D-142), unless another node took the turn over meanwhile (D-143).
    if (walk.complete) await hold.end(this.clock.now() + ORPHAN_SWEEP_EVERY_MS, now);
    return { unused, orphans: walk.deleted, refused };
  }

  /** Sweeps unused uploads a minute after start and hourly after that, orphans when it is this node's daily turn (roles all and worker). */
  start(log: FastifyBaseLogger): void {
    const run = () => {
      if (this.running) return;
      this.running = this.sweepInTurn()
        .then(({ unused, orphans, refused }) => {
          if (unused > 0 || orphans > 0) log.info({ unused, orphans }, 'unused uploads and orphaned objects removed');
          const keys = [...new Set(refused)];
          if (keys.length > 0) log.warn({ refused: keys.slice(0, 100), count: keys.length }, 'the object store refused to delete these objects; later walks try again while their day is walked (D-142)');
        })
        .catch((error: unknown) => log.error({ err: error }, 'the sweep of unused uploads failed; it runs again within the hour'))
        .finally(() => (this.running = null));
    };
    const schedule = (ms: number) => {
      if (this.stopped) return;
      this.timer = setTimeout(() => {
        run();
        schedule(SWEEP_EVERY_MS);
      }, ms).unref();
    };
    schedule(FIRST_SWEEP_MS);
  }

  /** Stops the timer; a sweep under way stops after its current batch or page. */
  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    await this.running;
  }
}

/**
 * This node's claim of the walk, renewed while it walks (D-143): a walk longer than the hold (at
 * 10x, hours of listing) would otherwise be claimed again by the next node's hourly sweep and
 * walked twice at once, and again each hour it goes on.
 */
class WalkHold {
  constructor(
    private readonly turns: BackgroundTurns,
    private readonly name: string,
    private readonly clock: Clock,
    private heldUntil: number,
  ) {}

  /**
   * Whether the walk is still this node's, renewing the hold once half of it has passed. Timed
   * by the clock the values are written in: a node whose clock steps back by more than half
   * the hold renews late, and another node may walk beside it meanwhile (harmless, as D-140's).
   */
  async keep(): Promise<boolean> {
    const now = this.clock.now();
    if (now < this.heldUntil - WALK_HELD_MS / 2) return true;
    const next = now + WALK_HELD_MS;
    if (!(await this.turns.hold(this.name, this.heldUntil, next))) return false;
    this.heldUntil = next;
    return true;
  }

  /** The walk ran to its end: next due at `nextDueAt`, counted from `startedAt`, if the turn is still this node's. */
  async end(nextDueAt: number, startedAt: number): Promise<void> {
    await this.turns.doneWhileHeld(this.name, this.heldUntil, nextDueAt, startedAt);
  }
}
