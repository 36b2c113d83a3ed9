/**
 * The work of each outbox stage for one session (DESIGN.md, "Sync"). Each function does one
 * step and returns the change of the job row; the engine applies it. Anything written to the
 * platform is keyed (client ids, the idempotency key, one-shot upload policies), so a step cut
 * off by a crash or a lost answer is simply run again.
 */
import { readFile } from 'node:fs/promises';
import { createHash } from 'node:crypto';
import { deviceSyncEndpoints } from '../../protocol/endpoints/device-sync.ts';
import { IDEMPOTENCY_KEY_HEADER, skinApiEndpoints } from '../../protocol/endpoints/skin-api.ts';
import { deviceVImageKey } from '../../protocol/skin-api/api-codes.ts';
import { TaskCodes } from '../../protocol/skin-api/task-codes.ts';
import { TASK_POLL } from '../../protocol/skin-api/task-result.ts';
import type { TaskRequest } from '../../protocol/skin-api/task-request.ts';
import { storeMetadata } from '../../protocol/skin-api/task-store.ts';
import { UploadCodes } from '../../protocol/skin-api/upload-codes.ts';
import { uploadPolicyResponseSchema } from '../../protocol/skin-api/upload-policy.ts';
import type { UploadPolicyResponse } from '../../protocol/skin-api/upload-policy.ts';
import type { PlatformClient } from '../platform-client/client.ts';
import { PlatformError } from '../platform-client/errors.ts';
import type { UploadOptions } from '../platform-client/upload.ts';
import type { KioskStore } from '../store/kiosk-store.ts';
import type { CaptureRecord, SessionRecord } from '../store/types.ts';
import type { JobPatch, KeptPolicy, StepOutcome, UploadRow } from '../store/outbox.ts';
import type { CaptureReadAhead } from './capture-read-ahead.ts';
import type { SyncJob, SyncTarget } from './types.ts';
import { CaptureIntegrityError } from './types.ts';
import { pushUser, stageUser, userBody, userPending } from './user-sync.ts';

export type UploadFn = (policy: UploadPolicyResponse, options: UploadOptions) => Promise<void>;

export interface PollConfig {
  readonly firstDelayMs: number;
  readonly maxDelayMs: number;
}

export const DEFAULT_POLL: PollConfig = { firstDelayMs: TASK_POLL.firstDelayMs, maxDelayMs: TASK_POLL.maxDelayMs };

export interface StepContext {
  readonly store: KioskStore;
  readonly client: PlatformClient;
  readonly target: SyncTarget;
  readonly now: () => number;
  readonly upload: UploadFn;
  readonly poll: PollConfig;
  /** Carries the following capture's checked bytes from one upload step to the next (D-093). */
  readonly readAhead?: CaptureReadAhead;
}

/** Policies are replaced this long before their ttl runs out, so a transfer never starts on a dying one. */
const POLICY_MARGIN_MS = 30_000;
/** Upload codes that mean "this policy is no good any more: take a new one". */
const POLICY_DEAD: ReadonlySet<number> = new Set([UploadCodes.POLICY_EXPIRED.code, UploadCodes.SIGNATURE_INVALID.code]);

/** The idempotency key of a session's task (D-026): one per session and staff retry generation. */
export function idempotencyKey(job: Pick<SyncJob, 'sessionId' | 'generation'>): string {
  return `kiosk-${job.sessionId}-${job.generation}`;
}

export async function registerUser(ctx: StepContext, session: SessionRecord): Promise<JobPatch> {
  const customer = session.customerId ? ctx.store.getCustomer(session.customerId) : null;
  if (!customer) throw new CaptureIntegrityError('captures_incomplete', `session ${session.id} has no customer`);
  const body = userBody(customer, ctx.target);
  const row = stageUser(ctx.store.userSync, body, ctx.now());
  if (userPending(row)) await pushUser(ctx.store.userSync, ctx.client, body, row, ctx.now);
  return { stage: 'upload' };
}

/**
 * Uploads the next capture not yet on the platform (one per step); moves on when all are. While
 * its bytes travel, the session's following capture is made ready (D-093): its policy is asked
 * for and its file read and checked, so that capture's step starts its transfer at once. A
 * multi-light session pays one policy round trip and one read that nothing hides, not one per file.
 */
export async function uploadNext(ctx: StepContext, session: SessionRecord): Promise<StepOutcome> {
  const captures = usableCaptures(ctx.store, session);
  const uploads = ctx.store.outbox.uploadsOf(session.id);
  const pending = captures.filter((c) => !uploads.get(c.id)?.resource_url);
  const next = pending[0];
  if (!next) return { stage: 'create_task' };
  const following = pending[1] ?? null;
  let policy = storedPolicy(uploads.get(next.id), ctx.now());
  // Read ahead by the previous step, or read now, beside the policy request: the one waits on the
  // disk and the CPU, the other on the network (D-090). A read ahead that failed is tried again
  // here, so the failure this step reports is its own.
  const reading = ctx.readAhead?.take(next)?.catch(() => readVerified(next)) ?? readVerified(next);
  if (!policy) {
    const [read, issued] = await Promise.allSettled([reading, requestPolicy(ctx, session, next)]);
    // A capture that no longer matches its hash fails the session whatever the platform answered.
    if (read.status === 'rejected') throw read.reason;
    if (issued.status === 'rejected') throw issued.reason;
    policy = issued.value;
  }
  const bytes = await reading;
  let prefetch: Promise<KeptPolicy | null> | null = null;
  try {
    for (let tries = 0; ; tries++) {
      if (!policy) policy = await requestPolicy(ctx, session, next);
      // Once, beside the first transfer. A kept policy the following capture can still use is not
      // asked for again (storedPolicy's margin: one near the end of its ttl counts as none).
      prefetch ??= following ? prepareFollowing(ctx, session, following, uploads.get(following.id)) : null;
      try {
        await ctx.upload(policy, { fileName: uploadFileName(next), bytes, mime: 'image/jpeg' });
        break;
      } catch (error) {
        if (!(error instanceof PlatformError)) throw error;
        // Used already: an earlier transfer with this policy completed but its answer was lost.
        if (error.code === UploadCodes.POLICY_USED.code) break;
        if (!POLICY_DEAD.has(error.code) || tries >= 2) throw error;
        policy = null; // expired (44102) or no longer valid: a new policy, then the same file again
      }
    }
  } catch (error) {
    // The following capture's policy is kept all the same: its step, after this one's retry, uses it.
    const kept = await prefetch;
    if (kept) ctx.store.outbox.savePolicy(kept);
    throw error;
  }
  // This capture's address and the following one's policy are written with the job row, in the
  // step's one commit of the kiosk's store (applyStep).
  const uploaded = { captureId: next.id, resourceUrl: policy.resource_url, following: await prefetch };
  return pending.length === 1 ? { stage: 'create_task', uploaded } : { uploaded };
}

/**
 * Reads the following capture ahead and asks for its policy unless it has one it can still use.
 * The policy comes back to be kept with this step's upload; a refusal or a network failure is not
 * this file's: the following step asks again and meets it there, with its own backoff.
 */
async function prepareFollowing(ctx: StepContext, session: SessionRecord, capture: CaptureRecord, row: UploadRow | undefined): Promise<KeptPolicy | null> {
  const asking = storedPolicy(row, ctx.now()) ? null : askPolicy(ctx, capture).then((issued) => keptPolicy(ctx, session, capture, issued), () => null);
  // Both are waited for: the step ends with nothing of it still running.
  const [kept] = await Promise.all([asking, ctx.readAhead?.start(capture, readVerified)]);
  return kept;
}

/** Asks the platform for a capture's policy and keeps it: a retry, even after a crash, reuses it while it is valid. */
async function requestPolicy(ctx: StepContext, session: SessionRecord, capture: CaptureRecord): Promise<UploadPolicyResponse> {
  const issued = await askPolicy(ctx, capture);
  ctx.store.outbox.savePolicy(keptPolicy(ctx, session, capture, issued));
  return issued;
}

function askPolicy(ctx: StepContext, capture: CaptureRecord): Promise<UploadPolicyResponse> {
  return ctx.client.call(skinApiEndpoints.uploadPolicy, { body: { file_name: uploadFileName(capture) } });
}

/** Its usable life counts from when the answer came (the platform's clock may differ; its ttl does not). */
function keptPolicy(ctx: StepContext, session: SessionRecord, capture: CaptureRecord, policy: UploadPolicyResponse): KeptPolicy {
  return { captureId: capture.id, sessionId: session.id, policy, expiresAt: ctx.now() + policy.ttl * 1000 };
}

function uploadFileName(capture: CaptureRecord): string {
  return `${capture.view}_${capture.light}.jpg`;
}

/** Creates the task once (same key, same body on every retry) and starts polling. */
export async function createTask(ctx: StepContext, session: SessionRecord, job: SyncJob): Promise<JobPatch> {
  let body = job.taskRequest;
  const patch: JobPatch = {};
  if (!body) {
    body = taskBody(job, resourcesOf(ctx.store, session), ctx.target.storeCustomId);
    patch.taskRequest = body;
  }
  let taskId: string;
  try {
    ({ task_id: taskId } = await ctx.client.call(skinApiEndpoints.createTask, { body: body as TaskRequest, headers: { [IDEMPOTENCY_KEY_HEADER]: idempotencyKey(job) } }));
  } catch (error) {
    // The platform lost uploaded files before a task made them durable (D-025), or no longer
    // knows uploads whose policies all expired (its retention sweep removes uploads no task used
    // a grace period past their expiry, D-096): upload the session again; the next task body
    // names the new addresses. A 45005 for uploads whose policies are still valid is a refusal
    // as before, so new uploads are never followed by a second round.
    if (!(error instanceof PlatformError) || !(error.code === TaskCodes.RESOURCE_LOST.code || (error.code === TaskCodes.INVALID_RESOURCE_URL.code && uploadsExpired(ctx, session)))) throw error;
    ctx.store.outbox.forgetUploads(session.id);
    return { stage: 'upload', taskRequest: null };
  }
  return { ...patch, taskId, taskStatus: 'queued', stage: 'poll', pollDelayMs: ctx.poll.firstDelayMs, nextAttemptAt: ctx.now() + ctx.poll.firstDelayMs };
}

/** Every kept upload of the session was made under a policy now expired (the kiosk's clock). */
function uploadsExpired(ctx: StepContext, session: SessionRecord): boolean {
  const uploads = [...ctx.store.outbox.uploadsOf(session.id).values()];
  return uploads.length > 0 && uploads.every((upload) => upload.policy_expires_at !== null && upload.policy_expires_at <= ctx.now());
}

/** One poll (TASK_POLL: from 2 s, doubling to 15 s). A failed task fails the stage with its code. */
export async function pollTask(ctx: StepContext, session: SessionRecord, job: SyncJob): Promise<JobPatch> {
  const answer = await ctx.client.call(skinApiEndpoints.taskResult, { query: { task_id: job.taskId! } });
  if (answer.status === 'queued' || answer.status === 'running') {
    const delay = Math.min(ctx.poll.maxDelayMs, Math.max(ctx.poll.firstDelayMs, (job.pollDelayMs ?? ctx.poll.firstDelayMs) * 2));
    return { taskStatus: answer.status, pollDelayMs: delay, nextAttemptAt: ctx.now() + delay };
  }
  if (answer.status === 'failed') {
    return { taskStatus: 'failed', stage: 'failed', failedStage: 'poll', errorCode: String(answer.error.code), errorMessage: `analysis failed on the platform: ${answer.error.msg}` };
  }
  if (answer.result.type !== 'skin') throw new CaptureIntegrityError('captures_incomplete', `task ${answer.task_id} answered a ${answer.result.type} result`);
  return { taskStatus: 'succeeded', result: answer.result, resultAt: ctx.now(), stage: 'submit_report' };
}

/**
 * The report goes to the platform's report data (device sync API), from where the merchant
 * pulls it and gets it pushed: device20 for the multi-light device (device_v), pad for a
 * single-camera unit (online_skin, ReportItem_SDK; decision R-020).
 */
export async function submitReport(ctx: StepContext, session: SessionRecord, job: SyncJob): Promise<JobPatch> {
  const captures = usableCaptures(ctx.store, session);
  const common = {
    client_report_id: session.id,
    client_user_id: session.customerId!,
    store_custom_id: ctx.target.storeCustomId,
    account_id: ctx.target.accountId,
    device_sn: ctx.target.deviceSn,
    task_id: job.taskId!,
    created_at: Math.floor(Math.max(...captures.map((c) => c.capturedAt)) / 1000),
  };
  const images = resourcesOf(ctx.store, session);
  const answer = await ctx.client.call(deviceSyncEndpoints.submitReport, {
    body:
      job.apiCode === 'device_v'
        ? { ...common, source_type: 'device20', images }
        : { ...common, source_type: 'pad', images: { front_image: images['front_image'] ?? '', ...sideImages(images) } },
  });
  return { reportId: answer.report_id, reportUrl: answer.report_url, reportUrlExpiresAt: answer.report_url_expires_at * 1000, stage: 'done', completedAt: ctx.now() };
}

/** The session's captures, refusing to sync a set with a missing or altered file. */
function usableCaptures(store: KioskStore, session: SessionRecord): CaptureRecord[] {
  const captures = store.listCaptures(session.id);
  if (captures.length === 0) throw new CaptureIntegrityError('captures_incomplete', `session ${session.id} has no captures`);
  const bad = captures.find((c) => c.integrity !== 'ok');
  if (bad) throw new CaptureIntegrityError(bad.integrity === 'missing' ? 'capture_missing' : 'capture_corrupt', `capture ${bad.view}/${bad.light} is ${bad.integrity}; it cannot be analysed`);
  return captures;
}

async function readVerified(capture: CaptureRecord): Promise<Uint8Array> {
  let bytes: Buffer;
  try {
    bytes = await readFile(capture.path);
  } catch {
    throw new CaptureIntegrityError('capture_missing', `the file of capture ${capture.view}/${capture.light} is gone (${capture.filePath})`);
  }
  // The hash recorded when the file became durable: never send bytes that changed since.
  if (createHash('sha256').update(bytes).digest('hex') !== capture.sha256) {
    throw new CaptureIntegrityError('capture_corrupt', `the file of capture ${capture.view}/${capture.light} no longer matches its hash (${capture.filePath})`);
  }
  return bytes;
}

function storedPolicy(row: UploadRow | undefined, now: number): UploadPolicyResponse | null {
  if (!row?.policy || row.policy_expires_at === null) return null;
  const parsed = uploadPolicyResponseSchema.safeParse(JSON.parse(row.policy));
  if (!parsed.success) return null;
  const margin = Math.min(POLICY_MARGIN_MS, parsed.data.ttl * 250);
  return row.policy_expires_at - margin > now ? parsed.data : null;
}

/** Image key -> resource_url of every uploaded capture (device_v keys, or front_image). */
function resourcesOf(store: KioskStore, session: SessionRecord): Record<string, string> {
  const uploads = store.outbox.uploadsOf(session.id);
  const resources: Record<string, string> = {};
  for (const capture of usableCaptures(store, session)) {
    const url = uploads.get(capture.id)?.resource_url;
    if (!url) throw new CaptureIntegrityError('captures_incomplete', `capture ${capture.view}/${capture.light} was not uploaded`);
    resources[session.profile === 'multi_light' ? deviceVImageKey(capture.light, capture.view) : `${capture.view}_image`] = url;
  }
  return resources;
}

/** left_image and right_image of a three-view single-camera capture (both or neither). */
function sideImages(images: Record<string, string>): { left_image?: string; right_image?: string } {
  const left = images['left_image'];
  const right = images['right_image'];
  return left !== undefined && right !== undefined ? { left_image: left, right_image: right } : {};
}

/**
 * The task's body. Its metadata names the store (D-085): the platform serves a merchant's stores
 * in turn, so a busy store's queue does not hold this one's customer back. A store number that is
 * not one (unset) is left out, and the platform falls back to the app.
 */
function taskBody(job: SyncJob, resources: Record<string, string>, storeCustomId: string): Record<string, unknown> {
  const metadata = storeMetadata(storeCustomId);
  const common = { algorithm_variant: job.algorithmVariant, resources, ...(metadata ? { metadata } : {}) };
  if (job.apiCode === 'device_v') return { api_code: 'device_v', ...common };
  return { api_code: 'online_skin', ...common, output_options: { mask_format: 'annotation_image' } };
}
