import type { ObjectStore } from '../objects/object-store.ts';
import { FILE_PATH, type UploadService } from '../skin-api/upload-service.ts';
import { fetchImage, ImageFetchError, type FetchLimits } from './fetch-image.ts';

/**
 * Reads the image behind a resource URL: a file of this platform's own store is read from the
 * store (and must belong to the merchant); anything else is downloaded under the fetch limits.
 */
export class ImageSource {
  constructor(
    private readonly uploads: UploadService,
    private readonly objects: ObjectStore,
    private readonly limits: FetchLimits,
  ) {}

  async load(url: string, merchantId: number): Promise<Uint8Array> {
    const key = ownResourceKey(url);
    if (key === null) return fetchImage(url, this.limits);
    const file = this.uploads.storedFile(key);
    if (!file || file.merchantId !== merchantId) throw new ImageFetchError('no uploaded file at this address');
    return new Uint8Array(await this.objects.read(key));
  }
}

/** The resource key when the URL is one of this platform's resource addresses, else null. */
export function ownResourceKey(url: string): string | null {
  let path: string;
  try {
    path = new URL(url).pathname;
  } catch {
    return null;
  }
  const prefix = `${FILE_PATH}/`;
  return path.startsWith(prefix) ? decodeURIComponent(path.slice(prefix.length)) : null;
}
