import { skinApiEndpoints } from '../../../protocol/endpoints/skin-api.ts';
import { Codes, type CodeInfo } from '../../../protocol/codes.ts';
import { TaskCodes } from '../../../protocol/skin-api/task-codes.ts';
import type { AnalysisService } from '../../analysis/analysis-service.ts';
import { ImageFetchError } from '../../analysis/fetch-image.ts';
import type { JobKind } from '../../analysis/job-types.ts';
import { JobFailedError, JobTimeoutError } from '../../analysis/worker-pool.ts';
import type { Clock } from '../../clock.ts';
import { ApiError } from '../../http/api-error.ts';
import { requireValidOrder } from '../../skin-api/orders.ts';
import type { SqlDatabase } from '../../storage/sql.ts';
import type { RouteKit } from '../route-kit.ts';

const DETECTIONS = [
  [skinApiEndpoints.detectSkin, 'detect_skin'],
  [skinApiEndpoints.detectFacePose, 'detect_face_pose'],
  [skinApiEndpoints.detectFacialAttributes, 'detect_facial_attributes'],
] as const satisfies readonly (readonly [unknown, Exclude<JobKind, 'task'>])[];

export interface DetectionDeps {
  readonly sql: SqlDatabase;
  readonly clock: Clock;
  readonly analysis: AnalysisService;
}

/**
 * The direct detection endpoints (specification: Direct detection endpoints). They answer the
 * payload bare; failures answer the envelope (D-003). Like facial_analysis tasks, they need a
 * valid Skin API order and consume no quota (D-027).
 */
export function registerDetectionRoutes(kit: RouteKit, { sql, clock, analysis }: DetectionDeps): void {
  for (const [ep, kind] of DETECTIONS) {
    kit.route(ep, {}, async ({ caller, body, baseUrl }) => {
      await requireValidOrder(sql, caller.merchant.id, clock.now());
      try {
        const bytes = await analysis.images.load(body.pic_url, [baseUrl()], caller.merchant.id);
        const result = await analysis.detect(kind, bytes);
        return ep.response.parse(result.record);
      } catch (error) {
        throw detectionError(error);
      }
    });
  }
}

const TASK_CODE_INFOS: readonly CodeInfo[] = Object.values(TaskCodes);

/**
 * meta.msg is the code's fixed message, meta.error says which field failed and why (D-003). A
 * synchronous call over its time limit is the specification's 40057 "interface call timeout";
 * 45105 stays a task's failure, reported in its result (D-030).
 */
function detectionError(error: unknown): unknown {
  if (error instanceof ImageFetchError) return new ApiError(TaskCodes.IMAGE_DOWNLOAD_FAILED, `pic_url: ${error.message}`);
  if (error instanceof JobTimeoutError) return new ApiError(Codes.CALL_TIMEOUT, `pic_url: analysis did not finish within ${error.timeoutMs} ms`);
  if (error instanceof JobFailedError) {
    const info = TASK_CODE_INFOS.find((candidate) => candidate.code === error.code);
    if (info) return new ApiError(info, `${error.field ?? 'pic_url'}: ${error.detail ?? info.msg}`);
  }
  return error;
}
