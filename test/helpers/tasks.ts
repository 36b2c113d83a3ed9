import { expect } from 'vitest';
import { skinApiEndpoints } from '../../protocol/endpoints/skin-api.ts';
import type { TaskResultResponse } from '../../protocol/skin-api/task-result.ts';
import type { PlatformClient } from '../../main/platform-client/client.ts';

/** Polls a task until it ends (or the deadline passes) and returns its last answer. */
export async function waitForTask(client: PlatformClient, taskId: string, deadlineMs = 120_000): Promise<TaskResultResponse> {
  const until = Date.now() + deadlineMs;
  for (;;) {
    const result = await client.call(skinApiEndpoints.taskResult, { query: { task_id: taskId } });
    if (result.status === 'succeeded' || result.status === 'failed') return result;
    if (Date.now() > until) throw new Error(`task ${taskId} still ${result.status} after ${deadlineMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

export function expectSucceeded(result: TaskResultResponse): Extract<TaskResultResponse, { status: 'succeeded' }> {
  if (result.status !== 'succeeded') expect.fail(`task ${result.task_id} ${result.status}: ${JSON.stringify(result)}`);
  return result;
}
