import type { ObjectStore } from '../objects/object-store.ts';
import type { UploadService } from '../skin-api/upload-service.ts';
import { fetchImage, ImageFetchError, type FetchLimits } from './fetch-image.ts';
import { resolveResource, UPLOAD_ADDRESS_GIVEN } from '../skin-api/resource-address.ts';

/**
 * Reads the image behind a resource URL: a file of this platform's own store is read from the
 * store (and must belong to the merchant); anything else is downloaded under the fetch limits.
 * Which addresses are the store's is decided by their origin (resource-address.ts).
 */
export class ImageSource {
  constructor(
    private readonly uploads: UploadService,
    private readonly objects: ObjectStore,
    private readonly limits: FetchLimits,
  ) {}

  /** The image at url, for a caller that reached this instance at one of ownBases. */
  async load(url: string, ownBases: readonly string[], merchantId: number): Promise<Uint8Array> {
    const target = await resolveResource(url, ownBases, (key) => this.uploads.storedFile(key));
    if (target.kind === 'external') return fetchImage(url, this.limits);
    if (target.kind === 'upload-address') throw new ImageFetchError(UPLOAD_ADDRESS_GIVEN, 'status');
    if (target.kind === 'missing' || target.file.merchantId !== merchantId) throw new ImageFetchError('no uploaded file at this address', 'status');
    return new Uint8Array(await this.objects.read(target.file.resourceKey));
  }

  /** A stored upload, named by its key when the address was resolved earlier (task creation). */
  async stored(resourceKey: string, merchantId: number): Promise<Uint8Array> {
    const file = await this.uploads.storedFile(resourceKey);
    if (!file || file.merchantId !== merchantId) throw new ImageFetchError('no uploaded file at this address', 'status');
    return new Uint8Array(await this.objects.read(resourceKey));
  }

  download(url: string): Promise<Uint8Array> {
    return fetchImage(url, this.limits);
  }
}
