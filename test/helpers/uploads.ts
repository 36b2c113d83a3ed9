import { readFileSync } from 'node:fs';
import type { PlatformClient } from '../../main/platform-client/client.ts';
import { uploadFile } from '../../main/platform-client/upload.ts';

export const FACE_JPEG = readFileSync(new URL('../fixtures/faces/sample6-frontal.jpg', import.meta.url));

/** Uploads one file per key and returns the resources object of a task. */
export async function uploadResources(client: PlatformClient, keys: readonly string[], bytes: Uint8Array = FACE_JPEG): Promise<Record<string, string>> {
  const resources: Record<string, string> = {};
  for (const key of keys) resources[key] = (await uploadFile(client, { fileName: `${key}.jpg`, bytes })).resource_url;
  return resources;
}
