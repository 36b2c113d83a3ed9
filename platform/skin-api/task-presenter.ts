import { taskResultRecordSchema, type TaskResultResponse } from '../../protocol/skin-api/task-result.ts';
import { BoundedCache } from '../bounded-cache.ts';
import { RawJson, rawJsonOf } from '../http/raw-json.ts';
import { TtlCache } from '../ttl-cache.ts';
import type { TaskRow, TaskStatusRow } from './task-repository.ts';

/** Where analysis outputs (annotation images and JSON) are served, by object key. */
export const OUTPUT_PATH = '/skin_api/file/output';

/**
 * Answers of succeeded tasks, kept serialised (D-054, D-071). Clients poll a finished task again
 * and again, and reading its result back through the schema and serialising it cost more than
 * the rest of a poll. A succeeded task never changes: its result is written once, by the attempt
 * that finishes it (TaskRepository.finish moves only a queued or running task), and no statement
 * updates it afterwards. So the key (the base address and the row's small fields, which a poll
 * reads anyway) names one answer for good, and the result text itself is not even read while its
 * answer is kept. Bounded, as the Host header (and so the base address) is the caller's to choose.
 */
const succeededAnswers = new BoundedCache<string, RawJson<TaskResultResponse>>(256);

/**
 * How long a succeeded task's answer is served without reading the task again (D-071). Nothing
 * changes or removes a succeeded task; the bound is for an operator who removes one by hand.
 */
export const SUCCEEDED_ANSWER_CACHE_MS = 1000;

/** Answers of succeeded tasks by base address, merchant and task: what a poll answers for a second. */
const recentAnswers = new TtlCache<string, RawJson<TaskResultResponse>>(SUCCEEDED_ANSWER_CACHE_MS, 1024);

/** The task as a poll reads it: its state, and a way to its result record (TaskService.poll). */
export interface PolledTask {
  readonly row: TaskStatusRow;
  readResult(): Promise<string | null>;
}

/**
 * The answer of GET /skin_api/analyze/result: a succeeded task's from memory while it is recent,
 * else from the task as read now (answerTask).
 */
export async function answerPoll(merchantId: number, taskId: string, baseUrl: string, poll: () => Promise<PolledTask>): Promise<TaskResultResponse | RawJson<TaskResultResponse>> {
  const key = recentKey(merchantId, taskId, baseUrl);
  const recent = recentAnswers.get(key);
  if (recent) return recent;
  const { row, readResult } = await poll();
  const answer = await answerTask(row, baseUrl, () => readResult());
  if (answer instanceof RawJson) recentAnswers.set(key, answer);
  return answer;
}

/**
 * answerPoll's answer when it is kept, with no read and no promise: what the poll of a finished
 * task answers from one step before routing (D-084). Undefined for every other task.
 */
export function keptPollAnswer(merchantId: number, taskId: string, baseUrl: string): RawJson<TaskResultResponse> | undefined {
  return recentAnswers.get(recentKey(merchantId, taskId, baseUrl));
}

/** The merchant is in the key: a task id another merchant asks for is never found (45030 on the way through the route). */
function recentKey(merchantId: number, taskId: string, baseUrl: string): string {
  return JSON.stringify([baseUrl, merchantId, taskId]);
}

/** A task as the presenter reads it: its state, and its result record as stored. */
export type PresentedRow = Omit<TaskRow, 'request'>;

/** presentTask's answer, kept serialised for a succeeded task; the result is read only to make one. */
export async function answerTask(row: TaskStatusRow, baseUrl: string, readResult: () => Promise<string | null>): Promise<TaskResultResponse | RawJson<TaskResultResponse>> {
  if (row.status !== 'succeeded') return presentTask({ ...row, result: null }, baseUrl);
  // JSON: no field can run into the next one, whatever it holds.
  const key = JSON.stringify([baseUrl, row.id, row.merchant_id, row.api_code, row.algorithm_variant, row.created_at, row.updated_at, row.finished_at]);
  const kept = succeededAnswers.get(key);
  if (kept) return kept;
  return succeededAnswers.set(key, rawJsonOf(presentTask({ ...row, result: await readResult() }, baseUrl)));
}

function seconds(ms: number): number {
  return Math.floor(ms / 1000);
}

/**
 * The answer of GET /skin_api/analyze/result for a stored task. Stored results name their
 * annotation files by path; the address is completed with the base address of the request, so
 * the same result reads right through any address of the instance. metadata is never returned.
 */
export function presentTask(row: PresentedRow, baseUrl: string): TaskResultResponse {
  const base = {
    task_id: row.id,
    api_code: row.api_code as TaskResultResponse['api_code'],
    algorithm_variant: row.algorithm_variant as TaskResultResponse['algorithm_variant'],
    created_at: seconds(row.created_at),
    updated_at: seconds(row.updated_at),
  };
  switch (row.status) {
    case 'queued':
    case 'running':
      return { ...base, status: row.status };
    case 'failed':
      return { ...base, status: 'failed', finished_at: seconds(row.finished_at ?? row.updated_at), error: { code: row.error_code ?? 0, msg: row.error_msg ?? '' } };
    case 'succeeded': {
      const result = taskResultRecordSchema.parse(JSON.parse(row.result ?? 'null'));
      if (result.type === 'skin') {
        for (const dimension of result.dimensions) {
          for (const annotation of dimension.annotations) if (annotation.url.startsWith('/')) annotation.url = `${baseUrl}${annotation.url}`;
        }
      }
      return { ...base, status: 'succeeded', finished_at: seconds(row.finished_at ?? row.updated_at), result };
    }
  }
}
