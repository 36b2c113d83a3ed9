/**
 * The sync engine (DESIGN.md, "Sync"; docs/kiosk-sync.md): a background loop over the outbox in
 * SQLite. All state is in the database, so a restart resumes every session where it stood. One
 * step runs at a time; a network failure closes a gate for the backoff delay so an offline kiosk
 * probes the platform once per delay instead of once per job.
 */
import type { PlatformClient } from '../platform-client/client.ts';
import { uploadWithPolicy } from '../platform-client/upload.ts';
import type { KioskStore } from '../store/kiosk-store.ts';
import type { SessionRecord } from '../store/types.ts';
import type { JobPatch, OutboxCounts, StepOutcome } from '../store/outbox.ts';
import { sendDeletion } from './deletions.ts';
import type { BackoffConfig } from './failures.ts';
import { DEFAULT_BACKOFF, backoffDelay, classifyFailure, failureCode as code, reachedPlatform, waitingOf } from './failures.ts';
import type { PollConfig, StepContext, UploadFn } from './session-steps.ts';
import { DEFAULT_POLL, createTask, pollTask, registerUser, submitReport, uploadNext } from './session-steps.ts';
import type { SyncFailure, SyncJob, SyncTarget } from './types.ts';
import { pushUser, stageUser, userBody, userPending } from './user-sync.ts';
import { missingCase } from '../../common/missing-case.ts';
import { LoopSleeper, runWorkLoop } from './loop-sleeper.ts';
import { CaptureReadAhead } from './capture-read-ahead.ts';

/** One unit of queued work that is due: how to run it and how to record its failure. */
interface DueWork {
  readonly dueAt: number;
  readonly attempts: number;
  readonly work: () => Promise<void>;
  readonly onFailure: (failure: SyncFailure, attempts: number, nextAt: number) => void;
}

export type SyncLog = (level: 'info' | 'warn' | 'error', message: string) => void;

export interface SyncEngineOptions {
  readonly store: KioskStore;
  /** The current platform client; throws NotConfiguredError when the connection is not set up. */
  readonly client: () => PlatformClient;
  readonly target: () => SyncTarget;
  readonly now?: () => number;
  readonly backoff?: Partial<BackoffConfig>;
  readonly poll?: Partial<PollConfig>;
  /** Sends a file through a policy; default uploadWithPolicy. Tests slow it down. */
  readonly upload?: UploadFn;
  readonly log?: SyncLog;
  /** Told after every platform call whether the platform answered. */
  readonly onContact?: (reachable: boolean) => void;
  /** Background work while the queue is empty and the platform reachable (catalogue refresh). */
  readonly whenIdle?: () => Promise<void>;
  /** Longest sleep of the loop when nothing is due. */
  readonly idleMs?: number;
}

/** Single-camera units use the only online_skin variant that takes three views and annotation images. */
export const ALGORITHM = { device_v: 'standard', online_skin: 'all_race_v2' } as const;

export class SyncEngine {
  private readonly now: () => number;
  private readonly backoff: BackoffConfig;
  private readonly poll: PollConfig;
  private running: Promise<void> | null = null;
  private stopped = true;
  private readonly sleeper = new LoopSleeper();
  /** The following capture's bytes, read while the current one's travel (D-093). */
  private readonly readAhead = new CaptureReadAhead();
  /** While the platform is unreachable, nothing is tried before this time. */
  private offlineUntil = 0;
  private offlineAttempts = 0;
  /** The clock at the last step; the first step, before any, counts as a jump back. */
  private lastStepAt = Infinity;

  constructor(private readonly options: SyncEngineOptions) {
    this.now = options.now ?? Date.now;
    this.backoff = { ...DEFAULT_BACKOFF, ...options.backoff };
    this.poll = { ...DEFAULT_POLL, ...options.poll };
  }

  /** Queues what a crash left unqueued (confirmed sessions, new customers), then runs the loop. */
  start(): void {
    if (this.running) return;
    for (const session of this.options.store.outbox.sessionsMissingJobs()) this.insert(session.id, session.profile);
    for (const id of this.options.store.userSync.customersMissingSync()) this.enqueueUser(id);
    this.stopped = false;
    this.running = this.loop();
  }

  async stop(): Promise<void> {
    this.stopped = true;
    this.wake();
    await this.running;
    this.running = null;
  }

  /** Something changed (new work, settings, staff retry): look now, forgetting the offline gate. */
  wake(): void {
    this.offlineUntil = 0;
    this.sleeper.wake();
  }

  /**
   * Work that waits for the network or for a setting is tried now rather than at its backoff
   * time: the platform answered again, or the technician changed the settings.
   */
  retryWaiting(reason?: 'network' | 'config'): void {
    this.options.store.outbox.makeWaitingDue(this.now(), reason);
    this.wake();
  }

  /** A confirmed session: its outbox row, in the same breath as the confirmation. */
  enqueueSession(sessionId: string): void {
    const session = this.options.store.getSession(sessionId);
    if (!session) return;
    this.insert(session.id, session.profile);
    this.wake();
  }

  /** A new or edited customer: pins the content to a revision and registers it when online. */
  enqueueUser(customerId: string): void {
    const customer = this.options.store.getCustomer(customerId);
    if (!customer) return;
    stageUser(this.options.store.userSync, userBody(customer, this.options.target()), this.now());
    this.wake();
  }

  /**
   * Staff retry: a failed stage runs again (after a failed task, a new task under a new key);
   * a waiting job is tried now. False when the session has no outbox row.
   */
  retry(sessionId: string): boolean {
    const job = this.options.store.outbox.get(sessionId);
    if (!job) return false;
    if (job.stage === 'done') return true;
    // `waiting` stays: it says what the job waits for until a step goes through (which clears it)
    // or fails again (which sets it). Cleared here, a retry while offline read "Uploading" until
    // the next offline probe reached the job, minutes later (D-134).
    const patch: JobPatch = { attempts: 0, nextAttemptAt: this.now() };
    if (job.stage === 'failed') {
      const again = job.failedStage ?? 'register_user';
      Object.assign(patch, { errorCode: null, errorMessage: null, failedStage: null, stage: again });
      if (again === 'poll' || again === 'create_task') {
        // The platform failed (or lost) the task: the same key would answer the same task.
        Object.assign(patch, { stage: 'create_task', generation: job.generation + 1, taskRequest: null, taskId: null, taskStatus: null });
      }
    }
    this.options.store.outbox.update(sessionId, patch, this.now());
    this.wake();
    return true;
  }

  job(sessionId: string): SyncJob | null {
    return this.options.store.outbox.get(sessionId);
  }

  counts(): OutboxCounts {
    return this.options.store.outbox.counts();
  }

  /** Captures of the session on the platform so far, of all. */
  uploadProgress(sessionId: string): { done: number; total: number } {
    const captures = this.options.store.listCaptures(sessionId);
    const uploads = this.options.store.outbox.uploadsOf(sessionId);
    return { done: captures.filter((c) => uploads.get(c.id)?.resource_url).length, total: captures.length };
  }

  /**
   * Runs the next due step, if any; true when one ran. Exposed for tests and the headless session.
   * Online, deletions on request go first (they are the customer's legal right and quick to send),
   * then customer registrations, then sessions. Offline, the probe is whatever has waited longest:
   * in priority order a registration that failed would be due again exactly when the gate opens,
   * every time, and a session queued behind it would never be tried nor shown as offline.
   */
  async runOnce(): Promise<boolean> {
    this.healClockJump();
    if (this.now() < this.offlineUntil) return false;
    const next = this.nextWork();
    if (!next) return false;
    await this.attempt(next.work, next.onFailure, next.attempts);
    return true;
  }

  /** The unit of work to run now, or null when nothing is due. */
  private nextWork(): DueWork | null {
    const now = this.now();
    const { deletions, userSync, outbox } = this.options.store;
    const due: DueWork[] = [];
    const deletion = deletions.nextDue(now);
    if (deletion) {
      due.push({
        dueAt: deletion.next_attempt_at,
        attempts: deletion.attempts,
        work: async () => {
          const answer = await sendDeletion(deletions, this.options.client(), deletion);
          const d = answer.deleted;
          this.options.log?.('info', `sync: ${deletion.kind} deletion carried out on the platform (${d.users} user, ${d.reports} report(s), ${d.files} file(s))`);
        },
        onFailure: (failure, attempts, at) =>
          deletions.recordFailure(deletion.id, { errorCode: code(failure), errorMessage: failure.message, waiting: waitingOf(failure), attempts, nextAttemptAt: at }),
      });
    }
    const user = userSync.nextDue(now);
    if (user) {
      due.push({
        dueAt: user.next_attempt_at,
        attempts: user.attempts,
        work: () => this.syncUser(user.customer_id),
        onFailure: (failure, attempts, at) =>
          userSync.recordFailure(user.customer_id, { errorCode: code(failure), errorMessage: failure.message, waiting: waitingOf(failure), attempts, nextAttemptAt: at }, this.now()),
      });
    }
    const job = outbox.nextDue(now);
    const session = job && this.options.store.getSession(job.sessionId); // null: deleted meanwhile, its row cascaded away
    if (job && session) {
      due.push({
        dueAt: job.nextAttemptAt,
        attempts: job.attempts,
        // A step that went through clears the last failure; its own patch (e.g. a failed task) wins.
        work: async () => this.apply(job.sessionId, { attempts: 0, waiting: null, errorCode: null, errorMessage: null, ...(await this.step(session, job)) }),
        onFailure: (failure, attempts, at) => this.recordJobFailure(job, failure, attempts, at),
      });
    }
    if (this.offlineAttempts === 0) return due[0] ?? null;
    // The earliest due; on a tie the first in priority order (the sort is stable).
    return due.sort((a, b) => a.dueAt - b.dueAt)[0] ?? null;
  }

  /**
   * After the wall clock went back, waits planned on the old time are cut to what any wait can be
   * (KioskStore.outbox.pullInFarAttempts). Looked for on the first step (the clock may have been set while the kiosk was
   * off) and whenever the clock reads earlier than at the last step, not on every step.
   */
  private healClockJump(): void {
    const now = this.now();
    const wentBack = now < this.lastStepAt;
    this.lastStepAt = now;
    if (!wentBack) return;
    // Twice the longest delay the engine ever plans, so no real wait is cut short.
    const latest = now + 2 * Math.max(this.backoff.maxMs, this.poll.maxDelayMs);
    if (this.offlineUntil > latest) this.offlineUntil = now;
    const pulled = this.options.store.outbox.pullInFarAttempts(now, latest);
    if (pulled > 0) this.options.log?.('warn', `sync: the clock went back; ${pulled} queued item(s) planned on the old time are due now`);
  }

  private loop(): Promise<void> {
    return runWorkLoop({
      sleeper: this.sleeper,
      stopped: () => this.stopped,
      round: async () => {
        const worked = await this.runOnce();
        if (!worked && this.now() >= this.offlineUntil) await this.options.whenIdle?.();
        return worked;
      },
      idleDelay: () => this.nextDelay(),
      onError: (error) => this.options.log?.('error', `sync loop: ${error instanceof Error ? error.stack ?? error.message : String(error)}`),
    });
  }

  private step(session: SessionRecord, job: SyncJob): Promise<StepOutcome> {
    const ctx: StepContext = { store: this.options.store, client: this.options.client(), target: this.options.target(), now: this.now, upload: this.options.upload ?? uploadWithPolicy, poll: this.poll, readAhead: this.readAhead };
    switch (job.stage) {
      case 'register_user':
        return registerUser(ctx, session);
      case 'upload':
        return uploadNext(ctx, session);
      case 'create_task':
        return createTask(ctx, session, job);
      case 'poll':
        return pollTask(ctx, session, job);
      case 'submit_report':
        return submitReport(ctx, session, job);
      case 'done':
      case 'failed':
        return Promise.resolve({});
      default:
        return missingCase(job.stage, 'sync stage');
    }
  }

  private async syncUser(customerId: string): Promise<void> {
    const customer = this.options.store.getCustomer(customerId);
    if (!customer) return;
    const body = userBody(customer, this.options.target());
    const row = stageUser(this.options.store.userSync, body, this.now());
    if (userPending(row)) await pushUser(this.options.store.userSync, this.options.client(), body, row, this.now);
  }

  /** Runs one unit of work and sorts out its failure; the platform's reachability is reported either way. */
  private async attempt(work: () => Promise<void>, onFailure: (failure: SyncFailure, attempts: number, nextAt: number) => void, attempts: number): Promise<void> {
    try {
      await work();
      // Back online: whatever waited for the network goes now, not at the end of its own backoff.
      if (this.offlineAttempts > 0) {
        this.offlineAttempts = 0;
        this.retryWaiting('network');
      }
      this.options.onContact?.(true);
    } catch (error) {
      const failure = classifyFailure(error);
      this.options.onContact?.(reachedPlatform(failure));
      const tries = attempts + 1;
      let nextAt = this.now() + backoffDelay(tries, this.backoff);
      if (failure.kind === 'network') {
        this.offlineAttempts += 1;
        nextAt = this.now() + backoffDelay(this.offlineAttempts, this.backoff);
        this.offlineUntil = nextAt;
      }
      this.options.log?.(failure.kind === 'refused' ? 'error' : 'warn', `sync: ${failure.kind} ${code(failure) ?? ''} ${failure.message}`);
      onFailure(failure, tries, nextAt);
    }
  }

  private recordJobFailure(job: SyncJob, failure: SyncFailure, attempts: number, nextAt: number): void {
    if (failure.kind === 'refused') {
      this.apply(job.sessionId, { stage: 'failed', failedStage: job.stage, errorCode: failure.code, errorMessage: failure.message, waiting: null, attempts });
      return;
    }
    this.apply(job.sessionId, { attempts, nextAttemptAt: nextAt, waiting: waitingOf(failure), errorCode: code(failure), errorMessage: failure.message });
  }

  /**
   * The job row, an upload step's record and, when the session is finished, its synced_at marks:
   * one transaction. A session deleted on request while the step ran: what the step made on the
   * platform goes too.
   */
  private apply(sessionId: string, outcome: StepOutcome): void {
    this.options.store.outbox.applyStep(sessionId, outcome, this.now());
  }

  private insert(sessionId: string, profile: SessionRecord['profile']): void {
    const apiCode = profile === 'multi_light' ? 'device_v' : 'online_skin';
    this.options.store.outbox.insert({ sessionId, apiCode, algorithmVariant: ALGORITHM[apiCode], now: this.now() });
  }

  private nextDelay(): number {
    const due = Math.max(this.offlineUntil, this.options.store.outbox.earliestDue() ?? Infinity);
    return Math.max(10, Math.min(this.options.idleMs ?? 30_000, due - this.now()));
  }
}
