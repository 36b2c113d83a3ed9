import { z } from 'zod';
import { isHttpResourceUrl } from '../skin-api/task-util.ts';
import { clientIdSchema } from './users.ts';

/**
 * POST /device_api/deletions (extension, docs/device-sync-api.md, decision R-019): the kiosk
 * carries out a customer's request to delete their data on the platform too. Named by the ids
 * the kiosk holds, so it works for whatever reached the platform before the request:
 * - client_user_id: the customer, every report of theirs (any source type), the files of those
 *   reports (images and analysis outputs) and every push event that carries their data;
 * - client_report_ids: single reports (a session deleted at the kiosk), with their files;
 * - task_ids and resource_urls: analyses and uploads of the deleted sessions that never became
 *   a report (deleted mid-sync): their files.
 * Idempotent: ids already deleted, or never seen, count zero and are not an error; afterwards
 * every client id named is refused by POST /device_api/users and /reports (46208), so a late
 * retry of a registration can never bring the customer back.
 */
export const DELETION_MAX_ITEMS = 100;

export const deletionRequestSchema = z
  .object({
    client_user_id: clientIdSchema.optional(),
    client_report_ids: z.array(clientIdSchema).max(DELETION_MAX_ITEMS).default([]),
    /** Analysis tasks of this merchant (skin_api task ids). */
    task_ids: z.array(z.string().min(1).max(64)).max(DELETION_MAX_ITEMS).default([]),
    /** resource_url of uploads of this merchant on this platform; other addresses are ignored. */
    resource_urls: z.array(z.string().refine(isHttpResourceUrl, 'an http(s) resource_url')).max(DELETION_MAX_ITEMS * 15).default([]),
  })
  .refine(
    (body) => body.client_user_id !== undefined || body.client_report_ids.length + body.task_ids.length + body.resource_urls.length > 0,
    'name client_user_id, client_report_ids, task_ids or resource_urls',
  );
export type DeletionRequest = z.input<typeof deletionRequestSchema>;
export type Deletion = z.output<typeof deletionRequestSchema>;

export const deletionResponseSchema = z.object({
  /** What this call removed; all zero when everything was deleted before (a retry). */
  deleted: z.object({
    users: z.number().int().min(0),
    reports: z.number().int().min(0),
    /** Files of images and analysis outputs removed from the object store. */
    files: z.number().int().min(0),
    /** Push events (any status) that carried the customer's data. */
    push_events: z.number().int().min(0),
  }),
});
export type DeletionResponse = z.infer<typeof deletionResponseSchema>;
