import { z } from 'zod';
import { emailSchema, storeNumberSchema, text } from '../open-api/formats.ts';
import { CLAUSE_ID_PATTERN, MAX_CLAUSES } from '../report-data/consent.ts';
import { birthdaySchema, targetSchema, userItemSchema } from '../report-data/user-item.ts';

/**
 * POST /device_api/users (extension, docs/device-sync-api.md): the kiosk registers or updates a
 * customer profile. The fields are those of the user item (specification: User item) plus the
 * kiosk's own id, so a retried call never makes a second customer.
 */

/** An id the kiosk generates (a UUID fits): 8 to 64 of letters, digits, `_` and `-`. */
export const clientIdSchema = z.string().regex(/^[A-Za-z0-9_-]{8,64}$/, '8 to 64 of letters, digits, _ and -');

const yesNoUnknown = z.number().int().min(-1).max(1).default(-1);
const clauseIds = z.array(z.string().regex(CLAUSE_ID_PATTERN, 'a clause id')).max(MAX_CLAUSES).default([]);

export const deviceUserRequestSchema = z
  .object({
    client_user_id: clientIdSchema,
    /**
     * decision: the kiosk raises it with every local edit. A higher revision updates the
     * profile; the same revision with the same content is a retry and answers as before; the same
     * revision with other content is refused (46201); a lower one is stale and changes nothing.
     */
    revision: z.number().int().min(0).max(2_147_483_647).default(0),
    store_custom_id: storeNumberSchema,
    /** Employee account that registers the customer; 0 when none. */
    account_id: z.number().int().min(0).default(0),
    /** The merchant's own customer number (e.g. from CRM search); may be empty. */
    custom_id: z.string().max(64).default(''),
    name: text(100, 1),
    gender: z.number().int().min(0).max(2).default(0),
    /**
     * YYYY-MM-DD, left out when unknown (D-041). '' is still read as unknown, as kiosks before
     * D-041 send it; stored as '' either way, so such a retry matches its first call.
     */
    birthday: z.union([birthdaySchema, z.literal('')]).default(''),
    phone_cc: z.number().int().min(0).max(999).default(0),
    phone_number: z.union([z.literal(''), z.string().regex(/^\d{4,15}$/, '4 to 15 digits')]).default(''),
    email: z.union([z.literal(''), emailSchema]).default(''),
    marital_status: yesNoUnknown,
    has_baby: yesNoUnknown,
    has_beauty: yesNoUnknown,
    is_irritability: yesNoUnknown,
    target: targetSchema.default({}),
    agree_clause_ids: clauseIds,
    reject_clause_ids: clauseIds,
    /** Unix seconds of the registration at the kiosk (it may have been offline); default: when received. */
    created_at: z.number().int().min(0).optional(),
  })
  .superRefine((body, ctx) => {
    const both = body.agree_clause_ids.filter((id) => body.reject_clause_ids.includes(id));
    if (both.length > 0) ctx.addIssue({ code: 'custom', path: ['reject_clause_ids'], message: `agreed and rejected at once: ${both.join(', ')}` });
  });
export type DeviceUserRequest = z.input<typeof deviceUserRequestSchema>;
export type DeviceUser = z.output<typeof deviceUserRequestSchema>;

export const deviceUserResponseSchema = z.object({
  client_user_id: z.string(),
  /** The revision the platform holds (higher than the one sent when the call was stale). */
  revision: z.number().int(),
  /** True when the customer agreed to both required clauses: only then does their data leave the platform. */
  consented: z.boolean(),
  user: userItemSchema,
});
export type DeviceUserResponse = z.infer<typeof deviceUserResponseSchema>;
