import { createHmac, timingSafeEqual } from 'node:crypto';
import { SHARED_FILE_PATH, SHARED_REPORT_PATH } from '../../protocol/device-sync/shared-links.ts';

export type LinkKind = 'file' | 'report';

/**
 * Signs and checks shared links (decision R-008): HMAC-SHA256 with the instance key over the
 * link kind, the key and the expiry, so neither can be changed and a file link cannot be
 * turned into a report link. The key lives in the data directory (platform/secrets.ts), so
 * every instance sharing it honours the others' links and a restart keeps them valid.
 */
export class LinkSigner {
  constructor(private readonly key: Buffer) {}

  sign(kind: LinkKind, key: string, expires: number): string {
    return createHmac('sha256', this.key).update(`shared-${kind}\n${key}\n${expires}`).digest('base64url');
  }

  verify(kind: LinkKind, key: string, expires: number, signature: string): boolean {
    const expected = Buffer.from(this.sign(kind, key, expires));
    const given = Buffer.from(signature);
    return expected.length === given.length && timingSafeEqual(expected, given);
  }

  /** A file of the object store, readable until `expires` (Unix seconds). */
  fileUrl(baseUrl: string, objectKey: string, expires: number): string {
    return `${baseUrl}${SHARED_FILE_PATH}/${encodeURIComponent(objectKey)}?expires=${expires}&signature=${this.sign('file', objectKey, expires)}`;
  }

  /** The customer's report page, readable until `expires` (Unix seconds). */
  reportUrl(baseUrl: string, pageKey: string, expires: number): string {
    return `${baseUrl}${SHARED_REPORT_PATH}/${pageKey}?expires=${expires}&signature=${this.sign('report', pageKey, expires)}`;
  }
}
