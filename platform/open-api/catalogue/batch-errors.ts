import type { CodeInfo } from '../../../protocol/codes.ts';
import type { BatchError } from '../../../protocol/envelope.ts';
import type { BatchOutcome } from '../../../protocol/open-api/batch.ts';

/** A business failure of one batch item, at its position in the request. */
export interface IndexedError {
  readonly index: number;
  readonly error: BatchError;
}

/** One err_list entry (specification: Batch errors), worded like the protocol validators' entries. */
export function itemError(index: number, customId: string, code: CodeInfo, detail: string): IndexedError {
  return { index, error: { custom_id: customId, err_code: code.code, err_msg: `${code.msg}: ${detail}` } };
}

/**
 * The err_list of a whole batch in request order: the validators' failures (one per item that is
 * not in `outcome.valid`, in order) merged with the business failures found against the database.
 */
export function mergeBatchErrors(outcome: BatchOutcome<unknown>, business: readonly IndexedError[]): BatchError[] {
  // Every item of the request is either valid or has exactly one validator failure.
  const total = outcome.valid.length + outcome.err_list.length;
  const validIndexes = new Set(outcome.valid.map((v) => v.index));
  const invalidIndexes: number[] = [];
  for (let i = 0; i < total; i++) if (!validIndexes.has(i)) invalidIndexes.push(i);
  const all: IndexedError[] = outcome.err_list.map((error, i) => ({ index: invalidIndexes[i] ?? total + i, error }));
  all.push(...business);
  return all.sort((a, b) => a.index - b.index).map((e) => e.error);
}
