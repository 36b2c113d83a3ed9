import type { FastifyInstance } from 'fastify';
import { skinApiEndpoints } from '../../protocol/endpoints/skin-api.ts';
import type { Endpoint } from '../../protocol/endpoint.ts';
import { detectionRequestSchema } from '../../protocol/skin-api/detection.ts';
import { TaskCodes } from '../../protocol/skin-api/task-codes.ts';
import { ImageFetchError } from '../analysis/fetch-image.ts';
import type { JobKind } from '../analysis/job-types.ts';
import { JobFailedError, JobTimeoutError } from '../analysis/worker-pool.ts';
import { requireRegion } from '../auth/merchant-scope.ts';
import { ApiError } from '../http/api-error.ts';
import { parseInput } from '../http/validate.ts';
import { authenticateMerchant, type PlatformServices } from '../services.ts';
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
      requireRegion(merchant, services.config.region);
      const body = parseInput(detectionRequestSchema, request.body, 'body');
      requireValidOrder(services.db, merchant.id, services.clock.now());
      try {
        const bytes = await services.analysis.images.load(body.pic_url, merchant.id);
        const result = await services.analysis.detect(kind, bytes);
        return ep.response.parse(result.record);
      } catch (error) {
        throw detectionError(error);
      }
    });
  }
}

function detectionError(error: unknown): unknown {
  if (error instanceof ImageFetchError) return new ApiError(TaskCodes.IMAGE_DOWNLOAD_FAILED, `pic_url: ${error.message}`);
  if (error instanceof JobTimeoutError) return new ApiError(TaskCodes.ANALYSIS_TIMEOUT);
  if (error instanceof JobFailedError && error.code !== undefined) return new ApiError({ code: error.code, msg: error.message, http: 200 });
  return error;
}
