import { createHash, randomBytes } from 'node:crypto';
import type { ImageKey } from '../../protocol/skin-api/api-codes.ts';
import type { NormalizedTask } from '../../protocol/skin-api/task-request.ts';
import { normalizeTaskRequest } from '../../protocol/skin-api/task-normalize.ts';
import { TaskCodes } from '../../protocol/skin-api/task-codes.ts';
import { canonicalJson } from '../../protocol/skin-api/task-util.ts';
import type { Clock } from '../clock.ts';
import { ApiError } from '../http/api-error.ts';
import type { ObjectStore } from '../objects/object-store.ts';
import type { Db } from '../storage/database.ts';
import { requireValidOrder, reserveUnit } from './orders.ts';
import type { StoredFile, UploadService } from './upload-service.ts';
import { resolveResource } from './resource-address.ts';

export interface TaskRow {
  id: string;
  merchant_id: number;
  api_code: string;
  algorithm_variant: string;
  request: string;
  status: 'queued' | 'running' | 'succeeded' | 'failed';
  attempts: number;
  result: string | null;
  error_code: number | null;
  error_msg: string | null;
  created_at: number;
  updated_at: number;
  finished_at: number | null;
}

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
  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    private readonly uploads: UploadService,
    private readonly objects: ObjectStore,
    private readonly onQueued: () => void,
  ) {}

  /** ownBases: the base addresses the caller reached this instance at (resource-address.ts). */
  async create(merchantId: number, appId: string, body: unknown, idempotencyKey: string | undefined, ownBases: readonly string[]): Promise<string> {
    const normalized = normalizeTaskRequest(body);
    if (!normalized.ok) throw new ApiError(normalized.failure.code, `${normalized.failure.field}: ${normalized.failure.message}`);
    const { metadata, ...task } = normalized.task;
    const own = this.ownResources(merchantId, task, ownBases);
    // Uploads become durable here, when work that needs them is accepted (D-031).
    const lost = await this.objects.persist(Object.values(own).map((f) => ({ key: f.resourceKey, size: f.size })));
    if (lost.length > 0) throw new ApiError(TaskCodes.RESOURCE_LOST, `resources: ${lost.join(', ')}: upload again through a new policy`);
    // The hash covers the request alone: the same request sent to another address of this
    // instance is still the same request for its idempotency key.
    const requestHash = createHash('sha256').update(canonicalJson(task)).digest('hex');
    const ownFiles = Object.fromEntries(Object.entries(own).map(([key, file]) => [key, file.resourceKey]));
    const request = canonicalJson({ ...task, own_files: ownFiles } satisfies StoredTaskRequest);
    const now = this.clock.now();

    const id = this.db.transaction(() => {
      if (idempotencyKey !== undefined) {
        const existing = this.db.prepare('SELECT id, request_hash FROM tasks WHERE merchant_id = ? AND idempotency_key = ?').get(merchantId, idempotencyKey) as
          | { id: string; request_hash: string }
          | undefined;
        if (existing) {
          if (existing.request_hash !== requestHash) throw new ApiError(TaskCodes.IDEMPOTENCY_CONFLICT, 'headers.idempotency-key: used before for another request');
          return existing.id;
        }
      }
      const order = requireValidOrder(this.db, merchantId, now);
      const countsQuota = task.pair.quota === 'unit_on_success';
      if (countsQuota) reserveUnit(this.db, order);
      const taskId = newTaskId(now);
      this.db
        .prepare(
          `INSERT INTO tasks (id, merchant_id, app_id, order_id, api_code, algorithm_variant, request, metadata, status,
             quota_reserved, idempotency_key, request_hash, created_at, updated_at)
           VALUES (?, ?, ?, ?, ?, ?, ?, ?, 'queued', ?, ?, ?, ?, ?)`,
        )
        .run(taskId, merchantId, appId, order.id, task.api_code, task.algorithm_variant, request, metadata ? JSON.stringify(metadata) : null,
          countsQuota ? 1 : 0, idempotencyKey ?? null, requestHash, now, now);
      return taskId;
    }).immediate();
    this.onQueued();
    return id;
  }

  /** A task of this merchant; another merchant's task is as unknown as a missing one. */
  find(merchantId: number, taskId: string): TaskRow {
    const row = this.db.prepare('SELECT * FROM tasks WHERE id = ? AND merchant_id = ?').get(taskId, merchantId) as TaskRow | undefined;
    if (!row) throw new ApiError(TaskCodes.TASK_NOT_FOUND, 'query.task_id: no such task');
    return row;
  }

  /**
   * Resources that point at this platform's own store must name a file this merchant uploaded;
   * catching it here answers the caller now instead of failing the task later.
   */
  private ownResources(merchantId: number, task: StoredTaskRequest, ownBases: readonly string[]): Record<string, StoredFile> {
    const files: Record<string, StoredFile> = {};
    for (const [key, url] of Object.entries(task.resources)) {
      const target = resolveResource(url, ownBases, (resourceKey) => this.uploads.storedFile(resourceKey));
      if (target.kind === 'external') continue;
      if (target.kind === 'missing' || target.file.merchantId !== merchantId) {
        throw new ApiError(TaskCodes.INVALID_RESOURCE_URL, `resources.${key}: no uploaded file at this address`);
      }
      files[key] = target.file;
    }
    return files;
  }
}
