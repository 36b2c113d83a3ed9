import { createHash, randomBytes } from 'node:crypto';
import type { ImageKey } from '../../protocol/skin-api/api-codes.ts';
import type { NormalizedTask } from '../../protocol/skin-api/task-request.ts';
import { normalizeTaskRequest } from '../../protocol/skin-api/task-normalize.ts';
import { TaskCodes } from '../../protocol/skin-api/task-codes.ts';
import { canonicalJson } from '../../protocol/skin-api/task-util.ts';
import type { Clock } from '../clock.ts';
import { KeyedLock } from '../keyed-lock.ts';
import { ApiError } from '../http/api-error.ts';
import type { ObjectStore } from '../objects/object-store.ts';
import type { SqlDatabase } from '../storage/sql.ts';
import { requireValidOrder, reserveUnit } from './orders.ts';
import type { StoredFile, UploadService } from './upload-service.ts';
import { resolveResource, UPLOAD_ADDRESS_GIVEN } from './resource-address.ts';
import { UploadRepository } from './upload-repository.ts';
import { taskStoreKey } from './store-key.ts';
import type { PolledTask } from './task-presenter.ts';
import { TaskRepository, type TaskRow } from './task-repository.ts';

export type { TaskRow } from './task-repository.ts';

/**
 * What is stored to run a task: the normalised request without the caller's metadata, and the
 * resources found to be uploads of this platform when the task was accepted (image key ->
 * resource key). Whether an address is ours depends on the address the request came in on
 * (resource-address.ts), which the worker running the task later no longer knows. Tasks stored
 * before this field existed lack it.
 */
export type StoredTaskRequest = Omit<NormalizedTask, 'metadata'> & { readonly own_files?: Partial<Record<ImageKey, string>> };

function newTaskId(now: number): string {
  // Time first, so ids sort by creation; 80 random bits make them unguessable.
  return `${now.toString(36).padStart(9, '0')}${randomBytes(10).toString('hex')}`;
}

/**
 * Analysis task creation and lookup (specification: POST /skin_api/analyze/task,
 * GET /skin_api/analyze/result). Creation validates everything first, then reserves quota and
 * queues the task in one transaction; the worker pool takes it from there.
 */
export class TaskService {
  /** Creations of one merchant in line within this process: they all reserve from one order row (D-078). */
  readonly #creating = new KeyedLock<number>();

  constructor(
    private readonly sql: SqlDatabase,
    private readonly clock: Clock,
    private readonly uploads: UploadService,
    private readonly objects: ObjectStore,
    /** Hands a committed task to the queue (D-073); a failure leaves it to the orphan sweep. */
    private readonly onQueued: (taskId: string, merchantId: number) => Promise<void> | void,
    /** Queued tasks a merchant may have at once (D-073); more are refused with 45014. */
    private readonly maxQueuedPerMerchant: number = Number.POSITIVE_INFINITY,
  ) {}

  /** ownBases: the base addresses the caller reached this instance at (resource-address.ts). */
  async create(merchantId: number, appId: string, body: unknown, idempotencyKey: string | undefined, ownBases: readonly string[]): Promise<string> {
    const normalized = normalizeTaskRequest(body);
    if (!normalized.ok) throw new ApiError(normalized.failure.code, `${normalized.failure.field}: ${normalized.failure.message}`);
    const { metadata, ...task } = normalized.task;
    const own = await this.ownResources(merchantId, task, ownBases);
    // Uploads become durable here, when work that needs them is accepted (D-031).
    const lost = await this.objects.persist(Object.values(own).map((f) => ({ key: f.resourceKey, size: f.size })));
    if (lost.length > 0) throw new ApiError(TaskCodes.RESOURCE_LOST, `resources: ${lost.join(', ')}: upload again through a new policy`);
    // The hash covers the request alone: the same request sent to another address of this
    // instance is still the same request for its idempotency key.
    const requestHash = createHash('sha256').update(canonicalJson(task)).digest('hex');
    const ownFiles = Object.fromEntries(Object.entries(own).map(([key, file]) => [key, file.resourceKey]));
    const request = canonicalJson({ ...task, own_files: ownFiles } satisfies StoredTaskRequest);
    const now = this.clock.now();

    const countsQuota = task.pair.quota === 'unit_on_success';
    // One transaction from the key's check to the insert: 30 concurrent requests with one key make
    // one task (on PostgreSQL the losers' SERIALIZABLE transactions rerun and find it), and the
    // reserved unit exists exactly when the task row does.
    let created = false;
    const id = await this.#creating.run(merchantId, async () => {
      await this.refuseOverLimit(merchantId, idempotencyKey);
      return this.sql.transaction(async (tx) => {
        created = false;
        const tasks = new TaskRepository(tx);
        if (idempotencyKey !== undefined) {
          const existing = await tasks.findByIdempotencyKey(merchantId, idempotencyKey);
          if (existing) {
            if (existing.request_hash !== requestHash) throw new ApiError(TaskCodes.IDEMPOTENCY_CONFLICT, 'headers.idempotency-key: used before for another request');
            return existing.id;
          }
        }
        const order = await requireValidOrder(tx, merchantId, now);
        // From here the uploads follow the task's rules, not the sweep of unused ones (D-096);
        // one the sweep removed since ownResources found it is refused as lost.
        if (!(await new UploadRepository(tx).markUsed(Object.values(ownFiles), now))) {
          throw new ApiError(TaskCodes.RESOURCE_LOST, 'resources: an upload expired unused and was removed: upload again through a new policy');
        }
        if (countsQuota) await reserveUnit(tx, order);
        const taskId = newTaskId(now);
        await tasks.insert({
          id: taskId, merchantId, appId, orderId: order.id, apiCode: task.api_code, algorithmVariant: task.algorithm_variant, request,
          metadata: metadata ? JSON.stringify(metadata) : null, storeKey: taskStoreKey(metadata, appId), quotaReserved: countsQuota, idempotencyKey: idempotencyKey ?? null, requestHash, now,
        });
        created = true;
        return taskId;
      });
    });
    if (created) {
      // The task is committed: a job that cannot be added now is added by the orphan sweep.
      try {
        await this.onQueued(id, merchantId);
      } catch {
        // Logged by nothing on purpose: the sweep adds it within seconds and the answer stands.
      }
    }
    return id;
  }

  /**
   * The per-merchant limit (D-073, D-079), read in the merchant's line (#creating) but before the
   * transaction: a retry of an accepted request (same Idempotency-Key) still finds its task when
   * the queue is full, and the count is not a predicate read that fails SERIALIZABLE creations.
   * In line, the limit is exact within this process; creations through other API nodes at the
   * same instant may pass it by at most one each.
   */
  private async refuseOverLimit(merchantId: number, idempotencyKey: string | undefined): Promise<void> {
    if (!Number.isFinite(this.maxQueuedPerMerchant)) return;
    const tasks = new TaskRepository(this.sql);
    if (idempotencyKey !== undefined && (await tasks.findByIdempotencyKey(merchantId, idempotencyKey)) !== undefined) return;
    if ((await tasks.queuedCount(merchantId)) >= this.maxQueuedPerMerchant) {
      throw new ApiError(TaskCodes.QUEUE_FULL, `${this.maxQueuedPerMerchant} tasks of this merchant are queued; retry once some have run`);
    }
  }

  /**
   * The task as a poll answers it: its state, and its result read only when asked (D-071), since
   * a succeeded task's answer is usually kept already (task-presenter.ts).
   */
  async poll(merchantId: number, taskId: string): Promise<PolledTask> {
    const repository = new TaskRepository(this.sql);
    const row = await repository.findStatus(merchantId, taskId);
    if (!row) throw new ApiError(TaskCodes.TASK_NOT_FOUND, 'query.task_id: no such task');
    return { row, readResult: () => repository.resultOf(row.id) };
  }

  /** A task of this merchant; another merchant's task is as unknown as a missing one. */
  async find(merchantId: number, taskId: string): Promise<TaskRow> {
    const row = await new TaskRepository(this.sql).find(merchantId, taskId);
    if (!row) throw new ApiError(TaskCodes.TASK_NOT_FOUND, 'query.task_id: no such task');
    return row;
  }

  /**
   * Resources that point at this platform's own store must name a file this merchant uploaded;
   * catching it here answers the caller now instead of failing the task later.
   */
  private async ownResources(merchantId: number, task: StoredTaskRequest, ownBases: readonly string[]): Promise<Record<string, StoredFile>> {
    const files: Record<string, StoredFile> = {};
    for (const [key, url] of Object.entries(task.resources)) {
      const target = await resolveResource(url, ownBases, (resourceKey) => this.uploads.storedFile(resourceKey));
      if (target.kind === 'external') continue;
      if (target.kind === 'upload-address') {
        throw new ApiError(TaskCodes.INVALID_RESOURCE_URL, `resources.${key}: ${UPLOAD_ADDRESS_GIVEN}`);
      }
      if (target.kind === 'missing' || target.file.merchantId !== merchantId) {
        throw new ApiError(TaskCodes.INVALID_RESOURCE_URL, `resources.${key}: no uploaded file at this address`);
      }
      files[key] = target.file;
    }
    return files;
  }
}
