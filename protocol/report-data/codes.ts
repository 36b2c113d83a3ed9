import { Codes, defineCode } from '../codes.ts';

/**
 * Codes of the report data area the specification leaves open (decision R-003). Business codes
 * travel with HTTP 200 like every other (D-002); the refusals of the signed shared links behave
 * like an object store's and carry 403, as the upload address refusals do (44101..).
 * Missing, malformed, repeated or unknown pull parameters are plain 400.
 */
export const ReportDataCodes = {
  /** Unknown app_id, wrong secret, or a parameter added, removed or changed after signing. */
  SIGNATURE_INVALID: defineCode(46001, 'signature invalid'),
  /** sig_time further than 300 s from the platform clock (D-021). */
  SIG_TIME_EXPIRED: defineCode(46002, 'sig_time outside the allowed window of 300 seconds'),

  SHARED_LINK_INVALID: defineCode(46101, 'link signature invalid', 403),
  SHARED_LINK_EXPIRED: defineCode(46102, 'link expired', 403),

  CRM_NOT_CONFIGURED: defineCode(46301, 'CRM search is not configured for this merchant'),
  /** The CRM answered HTTP 200 with something that is not `{total, lists[]}` of customer records. */
  CRM_BAD_ANSWER: defineCode(46302, 'CRM answer is not valid'),
  /** Connection refused, DNS failure, a redirect or an HTTP status other than 200. */
  CRM_UNREACHABLE: defineCode(46303, 'CRM could not be called'),
  /** Over the 5-second deadline: the specification's general timeout code. */
  CRM_TIMEOUT: Codes.CALL_TIMEOUT,

  WEBHOOK_NOT_CONFIGURED: defineCode(46401, 'webhook is not configured for this merchant'),
} as const;
