import { storeNamedIn } from '../../protocol/skin-api/task-store.ts';

/**
 * The key a task is served under within its merchant (D-085): the store its metadata names
 * (the kiosk sends its store number), else the app that created it, so integrations that name no
 * store are still served app by app. Prefixed so that a store number and an app id never meet.
 * It orders work and nothing else: a caller naming another store of its merchant only changes
 * which of its own merchant's tasks run first.
 */
export function taskStoreKey(metadata: Readonly<Record<string, unknown>> | null, appId: string): string {
  const store = storeNamedIn(metadata);
  return store === null ? `app:${appId}` : `store:${store}`;
}
