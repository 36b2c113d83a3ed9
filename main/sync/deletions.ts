/**
 * Sends a queued deletion on request (R-019; the queue is main/store/deletions.ts). The
 * platform's answer is idempotent, so a retry after a lost answer or a crash is harmless.
 */
import { deviceSyncEndpoints } from '../../protocol/endpoints/device-sync.ts';
import { deletionRequestSchema, type DeletionResponse } from '../../protocol/device-sync/deletions.ts';
import type { PlatformClient } from '../platform-client/client.ts';
import type { DeletionRepository, DeletionRow } from '../store/deletions.ts';

/** Sends one queued deletion; the row goes once the platform confirmed it. */
export async function sendDeletion(deletions: DeletionRepository, client: PlatformClient, row: DeletionRow): Promise<DeletionResponse> {
  // JSON read back from disk is checked like any other input (STYLE.md).
  const body = deletionRequestSchema.parse(JSON.parse(row.request));
  const answer = await client.call(deviceSyncEndpoints.deleteData, { body });
  deletions.remove(row.id);
  return answer;
}
