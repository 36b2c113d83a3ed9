import { isStoreNumber } from '../open-api/formats.ts';

/**
 * The store a task comes from, carried in its metadata (D-085). The specification's task has a
 * merchant and an app but no store; its metadata is the caller's notes that do not affect
 * analysis, and the order in which queued tasks run is not analysis. The kiosk names its store
 * there, so the platform can serve a merchant's stores in turn. A store number is the merchant's
 * own code for a shop, not personal data.
 */
export const STORE_METADATA_KEY = 'store_custom_id';

/** The metadata a caller sends to name its store; none when the number is not a store number (alphanumeric, at most 20). */
export function storeMetadata(storeCustomId: string): { readonly [STORE_METADATA_KEY]: string } | undefined {
  return isStoreNumber(storeCustomId) ? { [STORE_METADATA_KEY]: storeCustomId } : undefined;
}

/** The store number a task's metadata names, or null when it names none or not a valid one. */
export function storeNamedIn(metadata: Readonly<Record<string, unknown>> | null | undefined): string | null {
  const value = metadata?.[STORE_METADATA_KEY];
  return isStoreNumber(value) ? value : null;
}
