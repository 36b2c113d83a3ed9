import { z } from 'zod';
import { reportItemSchemaFor } from './report-items.ts';
import type { SourceType } from './pull-query.ts';
import { userItemSchema } from './user-item.ts';

/**
 * response of GET /data/lists.json: next (cursor) and lists. decision: next is '' when there is
 * no further page; a page shorter than limit does not by itself mean the end.
 */
function pullResponseOf<T extends z.ZodType>(item: T) {
  return z.object({ next: z.string(), lists: z.array(item) });
}

/** Any pull answer, items unchecked: what a client reads before it knows the item type. */
export const pullResponseSchema = pullResponseOf(z.unknown());
export type PullResponse = z.infer<typeof pullResponseSchema>;

export const pullUserResponseSchema = pullResponseOf(userItemSchema);
export type PullUserResponse = z.infer<typeof pullUserResponseSchema>;

export function pullReportResponseSchema(sourceType: SourceType) {
  return pullResponseOf(reportItemSchemaFor(sourceType));
}
