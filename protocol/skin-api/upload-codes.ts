import { defineCode } from '../codes.ts';

/**
 * Refusals of the upload address itself (the PUT or POST to upload.url). The specification
 * leaves them open. decision: the upload address behaves like an object store, so these carry
 * the HTTP status an object store would give (403 for a bad, expired or spent policy, 405 for
 * the other method, 413 too large, 415 content not of the declared type) and a distinct code in
 * the 441xx range with the common envelope as body.
 */
export const UploadCodes = {
  SIGNATURE_INVALID: defineCode(44101, 'upload address signature invalid', 403),
  POLICY_EXPIRED: defineCode(44102, 'upload policy expired; request a new one', 403),
  POLICY_USED: defineCode(44103, 'upload policy already used; request a new one', 403),
  METHOD_MISMATCH: defineCode(44104, 'upload method differs from the policy', 405),
  TOO_LARGE: defineCode(44105, 'file exceeds the upload size limit', 413),
  CONTENT_MISMATCH: defineCode(44106, 'file content is not of the declared type', 415),
  FORM_INVALID: defineCode(44107, 'multipart form is missing policy fields or the file', 400),
} as const;
