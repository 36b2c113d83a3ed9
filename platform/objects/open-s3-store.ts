import type { S3Location } from './s3-location.ts';
import type { S3ObjectStore, S3StoreOptions } from './s3-object-store.ts';

/**
 * The S3-compatible store `--objects` names, or null when objects stay on local disk (D-072).
 * Imported on demand: the AWS SDK's modules are about a tenth of the platform's cold start
 * (D-053's aim, 1 s to /readyz) and a platform on local disk never runs them. Takes the location,
 * not the platform's config, so objects/ stays below config.ts in the import graph.
 */
export async function openS3Store(location: S3Location | undefined, options: S3StoreOptions): Promise<S3ObjectStore | null> {
  if (!location) return null;
  const { S3ObjectStore: Store } = await import('./s3-object-store.ts');
  return new Store(location, options);
}
