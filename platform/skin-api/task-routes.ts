import type { FastifyInstance } from 'fastify';
import { IDEMPOTENCY_KEY_HEADER } from '../../protocol/endpoints/skin-api.ts';
import type { TaskCreateResponse } from '../../protocol/skin-api/task-request.ts';
import { taskResultQuerySchema, type TaskResultResponse } from '../../protocol/skin-api/task-result.ts';
import { invalidParam } from '../http/api-error.ts';
import { parseInput } from '../http/validate.ts';
import { authenticateMerchant, publicBaseUrl, type PlatformServices } from '../services.ts';
import { presentTask } from './task-presenter.ts';

function idempotencyKey(header: string | string[] | undefined): string | undefined {
  const value = Array.isArray(header) ? header[0] : header;
  if (value === undefined) return undefined;
  if (!/^[\x21-\x7e]{1,128}$/.test(value)) throw invalidParam(`headers.${IDEMPOTENCY_KEY_HEADER}: 1 to 128 visible ASCII characters`);
  return value;
}

/** POST /skin_api/analyze/task and GET /skin_api/analyze/result (specification: Skin API). */
export function registerTaskRoutes(app: FastifyInstance, services: PlatformServices): void {
  app.post('/skin_api/analyze/task', async (request): Promise<TaskCreateResponse> => {
    const { auth, merchant } = authenticateMerchant(services, request);
    const key = idempotencyKey(request.headers[IDEMPOTENCY_KEY_HEADER]);
    return { task_id: await services.tasks.create(merchant.id, auth.appId, request.body, key, [publicBaseUrl(services, request)]) };
  });

  app.get('/skin_api/analyze/result', async (request): Promise<TaskResultResponse> => {
    const { merchant } = authenticateMerchant(services, request);
    const query = parseInput(taskResultQuerySchema, request.query, 'query');
    return presentTask(services.tasks.find(merchant.id, query.task_id), publicBaseUrl(services, request));
  });
}
