import { z } from 'zod';

/**
 * User item of the pull endpoint (data_type=user) and of user push events (specification: User
 * item). Field names and types are exactly the specification's.
 */

/** Keys observed in target: each 0 or 1 (the customer wants to improve it). */
export const TARGET_KEYS = ['pore', 'blackhead', 'acne', 'sensitive', 'wrinkle', 'speckle', 'black_rim_of_eye', 'skin_glow', 'scar'] as const;
export type TargetKey = (typeof TARGET_KEYS)[number];

/**
 * decision: meanings of the integer fields the specification leaves open (it shows -1 and 0).
 * -1 always means "not answered".
 */
export const Gender = { UNKNOWN: 0, MALE: 1, FEMALE: 2 } as const;
export const MaritalStatus = { UNKNOWN: -1, SINGLE: 0, MARRIED: 1 } as const;
/** has_baby, has_beauty (has had medical-aesthetic treatment), is_irritability (self-reported reactive skin). */
export const YesNoUnknown = { UNKNOWN: -1, NO: 0, YES: 1 } as const;

const yesNo = z.number().int().min(-1).max(1);

/**
 * A date of birth as the specification types it: YYYY-MM-DD, a real calendar date. decision
 * D-041: an unknown birthday is never sent as a value; the key is left out, as the
 * specification's customer record leaves out its optional birthday.
 */
export const birthdaySchema = z.iso.date();

/**
 * A birthday as received from a sender that may write an unknown one as `''` (a merchant's CRM):
 * read as no birthday, so it is never passed on (D-041).
 */
export const receivedBirthdaySchema = z
  .union([birthdaySchema, z.literal('')])
  .transform((value) => (value === '' ? undefined : value))
  .optional();

export const targetSchema = z
  .object({
    pore: z.number().int().optional(),
    blackhead: z.number().int().optional(),
    acne: z.number().int().optional(),
    sensitive: z.number().int().optional(),
    wrinkle: z.number().int().optional(),
    speckle: z.number().int().optional(),
    black_rim_of_eye: z.number().int().optional(),
    skin_glow: z.number().int().optional(),
    scar: z.number().int().optional(),
  })
  // Keys beyond the observed ones are kept: the specification lists what it observed.
  .catchall(z.number().int());
export type Target = z.infer<typeof targetSchema>;

export const userItemSchema = z.object({
  id: z.number().int(),
  /** The merchant's own customer number; may be empty. */
  custom_id: z.string(),
  merchant_id: z.number().int(),
  /** The employee account that registered the user; may be 0. */
  account_id: z.number().int(),
  name: z.string(),
  gender: z.number().int(),
  /** YYYY-MM-DD; decision D-041: left out when unknown. */
  birthday: birthdaySchema.optional(),
  phone_cc: z.number().int(),
  /** May be empty. */
  phone_number: z.string(),
  /** May be empty. */
  email: z.string(),
  marital_status: yesNo,
  has_baby: yesNo,
  has_beauty: yesNo,
  is_irritability: yesNo,
  /** May be {}. */
  target: targetSchema,
  store_id: z.number().int(),
  /** May be empty. */
  store_custom_id: z.string(),
  /** Unix seconds. */
  created_at: z.number().int(),
  /** Clauses (user agreement, privacy policy, ...) agreed to; may be empty. */
  agree_clause_ids: z.array(z.string()),
  reject_clause_ids: z.array(z.string()),
});
export type UserItem = z.infer<typeof userItemSchema>;
