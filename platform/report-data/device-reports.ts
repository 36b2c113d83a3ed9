import { randomBytes } from 'node:crypto';
import { DeviceSyncCodes } from '../../protocol/device-sync/codes.ts';
import { REPORT_API_CODE, type DeviceReport, type DeviceReportResponse } from '../../protocol/device-sync/reports.ts';
import { REPORT_PAGE_TTL_SECONDS } from '../../protocol/device-sync/shared-links.ts';
import { skinResultSchema, type SkinResult } from '../../protocol/skin-api/task-result.ts';
import type { Clock } from '../clock.ts';
import { ApiError } from '../http/api-error.ts';
import type { StoredTaskRequest, TaskRow, TaskService } from '../skin-api/task-service.ts';
import type { StoredFile, UploadService } from '../skin-api/upload-service.ts';
import { resourceKeyInPath } from '../skin-api/resource-address.ts';
import { UploadRepository } from '../skin-api/upload-repository.ts';
import { checkNotFuture, requestHash } from './device-users.ts';
import type { LinkSigner } from './links.ts';
import type { Outbox } from './outbox.ts';
import { reportItemOf } from './presenter.ts';
import { fileRef, reportRef } from './refs.ts';
import type { ReportRow, ReportRepository } from './report-repository.ts';

/**
 * POST /device_api/reports (decisions ): stores the report of a capture session,
 * once: device20 from a device_v task, pad from an online_skin task. The result comes from the
 * platform's own task; the images must be this merchant's uploads. A report of a consenting
 * customer queues report.created in the same transaction. Ids deleted on request stay refused
 * (46208, R-019).
 *
 * The task and the uploads are the skin API's: they are read before the transaction, through
 * its services, and judged inside it in the order of the checks (a task only ever becomes
 * succeeded once, and an upload stays its merchant's).
 */
export class ReportSyncService {
  constructor(
    private readonly clock: Clock,
    private readonly store: ReportRepository,
    private readonly outbox: Outbox,
    private readonly tasks: TaskService,
    private readonly uploads: UploadService,
    private readonly links: LinkSigner,
    private readonly onEvent: () => void,
  ) {}

  /** input: the body as its protocol schema parsed it (the route kit). */
  async submit(merchantId: number, input: DeviceReport, baseUrl: string): Promise<DeviceReportResponse> {
    const now = this.clock.now();
    checkNotFuture(input.created_at, now, 'created_at');
    const hash = requestHash(input);
    const task = await this.findTask(merchantId, input.task_id);
    const files = await this.uploadedFiles(input.images);
    const pageKey = randomBytes(16).toString('hex');

    const { row, queued } = await this.store.inserting('reports', async (tx): Promise<{ row: ReportRow; queued: boolean }> => {
      const existing = await this.store.reportByClientId(merchantId, input.client_report_id, tx);
      if (existing) {
        if (existing.request_hash === hash) return { row: existing, queued: false };
        throw new ApiError(DeviceSyncCodes.CLIENT_ID_CONFLICT, `client_report_id ${input.client_report_id} was sent before with other content`);
      }
      if (await this.store.isDeleted(merchantId, 'report', input.client_report_id, tx)) throw new ApiError(DeviceSyncCodes.CLIENT_DELETED, `client_report_id ${input.client_report_id} was deleted on request`);
      if (await this.store.isDeleted(merchantId, 'user', input.client_user_id, tx)) throw new ApiError(DeviceSyncCodes.CLIENT_DELETED, `client_user_id ${input.client_user_id} was deleted on request`);
      const user = await this.store.userByClientId(merchantId, input.client_user_id, tx);
      if (!user) throw new ApiError(DeviceSyncCodes.USER_NOT_FOUND, `client_user_id: ${input.client_user_id}`);
      const store = await this.store.storeOf(merchantId, input.store_custom_id, tx);
      if (!store) throw new ApiError(DeviceSyncCodes.STORE_NOT_FOUND, `store_custom_id: ${input.store_custom_id}`);
      if (input.account_id !== 0 && !(await this.store.accountExists(merchantId, input.account_id, tx))) {
        throw new ApiError(DeviceSyncCodes.ACCOUNT_NOT_FOUND, `account_id: ${input.account_id}`);
      }
      const { request, result, appId } = succeededTask(task, input.task_id, REPORT_API_CODE[input.source_type], input.source_type);
      if (await this.store.isTaskReported(merchantId, input.task_id, tx)) throw new ApiError(DeviceSyncCodes.TASK_ALREADY_REPORTED, `task_id: ${input.task_id}`);
      const images = objectKeys(merchantId, files);
      // A report's images follow its rules from now on, not the sweep of unused uploads (D-096).
      if (!(await new UploadRepository(tx).markUsed(Object.values(images), now))) throw new ApiError(DeviceSyncCodes.IMAGE_NOT_UPLOADED, 'images: an upload expired unused and was removed');
      const saved = await this.store.insertReport(
        tx,
        {
          merchantId,
          sourceType: input.source_type,
          clientReportId: input.client_report_id,
          requestHash: hash,
          userId: user.id,
          storeId: store.id,
          accountId: input.account_id,
          deviceSn: input.device_sn,
          taskId: input.task_id,
          appId,
          apiCode: request.api_code,
          algorithmVariant: request.algorithm_variant,
          lightSources: request.light_sources,
          images,
          result,
          pageKey,
          pageExpiresAt: Math.floor(now / 1000) + REPORT_PAGE_TTL_SECONDS,
          createdAt: input.created_at * 1000,
        },
        now,
      );
      if (user.consented !== 1) return { row: saved, queued: false };
      const data = reportItemOf(saved, fileRef, reportRef(saved.page_key, saved.page_expires_at));
      const eventId = await this.outbox.enqueue(tx, { merchantId, dataType: 'report', actionType: 'report.created', sourceType: saved.source_type, userId: user.id, data });
      return { row: saved, queued: eventId !== null };
    });

    if (queued) this.onEvent();
    return {
      client_report_id: row.client_report_id,
      report_id: row.report_no,
      source_type: input.source_type,
      user_id: row.user_no,
      created_at: Math.floor(row.created_at / 1000),
      report_url: this.links.reportUrl(baseUrl, row.page_key, row.page_expires_at),
      report_url_expires_at: row.page_expires_at,
    };
  }

  /** The merchant's task, or undefined when it has none of that id. */
  private async findTask(merchantId: number, taskId: string): Promise<TaskRow | undefined> {
    try {
      return await this.tasks.find(merchantId, taskId);
    } catch {
      return undefined;
    }
  }

  /**
   * Image key -> the upload its resource_url names (undefined when none). The path names the
   * upload; whatever the host, only the caller's own uploads are accepted (objectKeys).
   */
  private async uploadedFiles(images: DeviceReport['images']): Promise<[string, StoredFile | undefined][]> {
    const files: [string, StoredFile | undefined][] = [];
    for (const [imageKey, url] of Object.entries(images)) {
      if (url === undefined) continue;
      const resourceKey = resourceKeyInPath(url);
      files.push([imageKey, resourceKey === null ? undefined : await this.uploads.storedFile(resourceKey)]);
    }
    return files;
  }
}

/** The merchant's own task of the source type's analysis, finished with a skin result. */
function succeededTask(task: TaskRow | undefined, taskId: string, apiCode: string, sourceType: string): { request: StoredTaskRequest; result: SkinResult; appId: string } {
  if (!task) throw new ApiError(DeviceSyncCodes.TASK_NOT_USABLE, `task_id ${taskId}: no such task`);
  if (task.api_code !== apiCode) throw new ApiError(DeviceSyncCodes.TASK_NOT_USABLE, `task_id ${taskId}: ${task.api_code} tasks make no ${sourceType} report`);
  if (task.status !== 'succeeded') throw new ApiError(DeviceSyncCodes.TASK_NOT_USABLE, `task_id ${taskId}: the task is ${task.status}`);
  const result = skinResultSchema.safeParse(JSON.parse(task.result ?? 'null'));
  if (!result.success) throw new ApiError(DeviceSyncCodes.TASK_NOT_USABLE, `task_id ${taskId}: the task has no skin result`);
  return { request: JSON.parse(task.request) as StoredTaskRequest, result: result.data, appId: task.app_id };
}

/** Image key -> object key, when every image is an upload of this merchant. */
function objectKeys(merchantId: number, files: readonly [string, StoredFile | undefined][]): Record<string, string> {
  const keys: Record<string, string> = {};
  for (const [imageKey, file] of files) {
    if (!file || file.merchantId !== merchantId) throw new ApiError(DeviceSyncCodes.IMAGE_NOT_UPLOADED, `images.${imageKey}`);
    keys[imageKey] = file.resourceKey;
  }
  return keys;
}
