import { defineCode } from '../codes.ts';

/**
 * Refusals of the device sync extension (docs/device-sync-api.md, decision R-013). Business
 * codes: HTTP 200 like every other (D-002). A malformed field is 400.
 */
export const DeviceSyncCodes = {
  /** The client id was used before with different content (a report, or a user at the same revision). */
  CLIENT_ID_CONFLICT: defineCode(46201, 'client id already used with different content'),
  STORE_NOT_FOUND: defineCode(46202, 'store number does not exist for this merchant'),
  USER_NOT_FOUND: defineCode(46203, 'customer is not registered; sync the customer first'),
  /** Unknown task, another merchant's task, not device_v, or not succeeded (yet). */
  TASK_NOT_USABLE: defineCode(46204, 'analysis task cannot make a report'),
  IMAGE_NOT_UPLOADED: defineCode(46205, 'image is not a file uploaded by this merchant'),
  ACCOUNT_NOT_FOUND: defineCode(46206, 'employee account does not exist for this merchant'),
  TASK_ALREADY_REPORTED: defineCode(46207, 'analysis task already belongs to another report'),
  /** The customer or report was deleted on request (POST /device_api/deletions): its client id is never taken again. */
  CLIENT_DELETED: defineCode(46208, 'customer or report was deleted on request'),
  /** A time the device sent is ahead of the platform's clock beyond the tolerance: the device clock runs fast. */
  TIME_AHEAD: defineCode(46209, 'time is ahead of the platform clock; check the device clock'),
  DELIVERY_NOT_FOUND: defineCode(46402, 'delivery does not exist'),
  SIGNING_APP_INVALID: defineCode(46403, 'signing app cannot act for this merchant'),
} as const;
