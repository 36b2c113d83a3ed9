import type { FastifyInstance } from 'fastify';
import { skinApiEndpoints } from '../../protocol/endpoints/skin-api.ts';
import type { Endpoint } from '../../protocol/endpoint.ts';
import { detectionRequestSchema } from '../../protocol/skin-api/detection.ts';
import { Codes, type CodeInfo } from '../../protocol/codes.ts';
import { TaskCodes } from '../../protocol/skin-api/task-codes.ts';
import { ImageFetchError } from '../analysis/fetch-image.ts';
import type { JobKind } from '../analysis/job-types.ts';
import { JobFailedError, JobTimeoutError } from '../analysis/worker-pool.ts';
import { ApiError } from '../http/api-error.ts';
import { parseInput } from '../http/validate.ts';
import { authenticateMerchant, publicBaseUrl, type PlatformServices } from '../services.ts';
import { requireValidOrder } from './orders.ts';

const DETECTIONS: readonly [Endpoint, Exclude<JobKind, 'task'>][] = [
  [skinApiEndpoints.detectSkin, 'detect_skin'],
  [skinApiEndpoints.detectFacePose, 'detect_face_pose'],
  [skinApiEndpoints.detectFacialAttributes, 'detect_facial_attributes'],
];

/**
 * The direct detection endpoints (specification: Direct detection endpoints). They answer the
 * payload bare; failures answer the envelope (D-003). Like facial_analysis tasks, they need a
 * valid Skin API order and consume no quota (D-027).
 */
export function registerDetectionRoutes(app: FastifyInstance, services: PlatformServices): void {
  for (const [ep, kind] of DETECTIONS) {
    app.post(ep.path, { config: { envelope: false } }, async (request) => {
      const { merchant } = authenticateMerchant(services, request);
      const body = parseInput(detectionRequestSchema, request.body, 'body');
      requireValidOrder(services.db, merchant.id, services.clock.now());
      try {
        const bytes = await services.analysis.images.load(body.pic_url, [publicBaseUrl(services, request)], merchant.id);
        const result = await services.analysis.detect(kind, bytes);
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
