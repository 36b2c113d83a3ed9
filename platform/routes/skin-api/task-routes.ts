import { IDEMPOTENCY_KEY_HEADER, skinApiEndpoints as ep } from '../../../protocol/endpoints/skin-api.ts';
import { invalidParam } from '../../http/api-error.ts';
import { answerPoll, keptPollAnswer } from '../../skin-api/task-presenter.ts';
import type { TaskService } from '../../skin-api/task-service.ts';
import { unchecked, type RouteKit } from '../route-kit.ts';

function idempotencyKey(header: string | string[] | undefined): string | undefined {
  const value = Array.isArray(header) ? header[0] : header;
  if (value === undefined) return undefined;
  if (!/^[\x21-\x7e]{1,128}$/.test(value)) throw invalidParam(`headers.${IDEMPOTENCY_KEY_HEADER}: 1 to 128 visible ASCII characters`);
  return value;
}

/** POST /skin_api/analyze/task and GET /skin_api/analyze/result (specification: Skin API). */
export function registerTaskRoutes(kit: RouteKit, tasks: TaskService): void {
  // The task service normalises the request itself: compatibility fields, and a specific code per rule.
  kit.route(ep.createTask, { body: unchecked }, async ({ caller, request, body, baseUrl }) => {
    const key = idempotencyKey(request.headers[IDEMPOTENCY_KEY_HEADER]);
    return { task_id: await tasks.create(caller.merchant.id, caller.auth.appId, body, key, [baseUrl()]) };
  });

  kit.route(ep.taskResult, {}, ({ caller, query, baseUrl }) => answerPoll(caller.merchant.id, query.task_id, baseUrl(), () => tasks.poll(caller.merchant.id, query.task_id)));
  // A finished task's poll, again and again (D-084): its kept answer before routing, when all it needs is in memory.
  kit.keptAnswer(ep.taskResult, ({ caller, query, baseUrl }) => keptPollAnswer(caller.merchant.id, query.task_id, baseUrl));
}
