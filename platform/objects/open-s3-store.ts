import type { PlatformConfig } from '../config.ts';
import type { S3ObjectStore } from './s3-object-store.ts';

/**
 * The S3-compatible store `--objects` names, or null when objects stay on local disk (D-072).
 * Imported on demand: the AWS SDK's modules are about a tenth of the platform's cold start
 * (D-053's aim, 1 s to /readyz) and a platform on local disk never runs them.
 */
export async function openS3Store(config: PlatformConfig): Promise<S3ObjectStore | null> {
  if (!config.objectStore) return null;
  const { S3ObjectStore: Store } = await import('./s3-object-store.ts');
  return new Store(config.objectStore, {
    ...(config.objectStoreCredentials ? { credentials: config.objectStoreCredentials } : {}),
    requestTimeoutMs: config.objectStoreTimeoutMs,
  });
}
