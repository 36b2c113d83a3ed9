import { z } from 'zod';
import { endpoint } from '../endpoint.ts';
import { DETECTION_PATHS, detectionRequestSchema, facePoseResultSchema, facialAnalysisResultSchema, skinAllRaceResultSchema } from '../skin-api/detection.ts';
import { taskCreateResponseSchema, taskRequestSchema } from '../skin-api/task-request.ts';
import { taskResultQuerySchema, taskResultResponseSchema } from '../skin-api/task-result.ts';
import { uploadPolicyRequestSchema, uploadPolicyResponseSchema } from '../skin-api/upload-policy.ts';

/** Idempotency key of task creation: an extension (decision in docs/decisions.md, Skin API). */
export const IDEMPOTENCY_KEY_HEADER = 'idempotency-key';

/**
 * Specification: Skin API and Direct detection endpoints. The token header is Access-Token.
 * Every call acts for the token's merchant, which a group token names in merchant-id (D-027).
 */
export const skinApiEndpoints = {
  uploadPolicy: endpoint({
    method: 'POST', path: '/skin_api/file/upload_policy', auth: 'token', merchantScoped: true, enveloped: true,
    body: uploadPolicyRequestSchema, response: uploadPolicyResponseSchema,
  }),
  createTask: endpoint({
    method: 'POST', path: '/skin_api/analyze/task', auth: 'token', merchantScoped: true, enveloped: true,
    // Loose on the way in: normalizeTaskRequest applies the compatibility fields and rules.
    body: taskRequestSchema, response: taskCreateResponseSchema,
  }),
  taskResult: endpoint({
    method: 'GET', path: '/skin_api/analyze/result', auth: 'token', merchantScoped: true, enveloped: true,
    query: taskResultQuerySchema, response: taskResultResponseSchema,
  }),
  detectSkin: endpoint({
    method: 'POST', path: DETECTION_PATHS.skin, auth: 'token', merchantScoped: true, enveloped: false,
    body: detectionRequestSchema, response: skinAllRaceResultSchema,
  }),
  detectFacePose: endpoint({
    method: 'POST', path: DETECTION_PATHS.facePose, auth: 'token', merchantScoped: true, enveloped: false,
    body: detectionRequestSchema, response: facePoseResultSchema,
  }),
  detectFacialAttributes: endpoint({
    method: 'POST', path: DETECTION_PATHS.facialAnalysis, auth: 'token', merchantScoped: true, enveloped: false,
    body: detectionRequestSchema, response: facialAnalysisResultSchema,
  }),
} as const;

/** A never-empty task id, as the result query takes it. */
export const taskIdSchema = z.string().min(1).max(64);
