import { z } from 'zod';
import { optionalQueryInt, queryInt, queryString } from '../open-api/query.ts';
import { receivedBirthdaySchema } from './user-item.ts';

/**
 * CRM search (specification: Callback endpoints implemented by the merchant): the service calls
 * GET on the merchant's URL with keyword, store_number, page, count, sig, sig_time and expects
 * `{total, lists[]}` (for no match `{total: 0, lists: []}`) within 5 seconds.
 */
export const CRM_TIMEOUT_MS = 5000;

/** decision: page from 1, count 1 to 100 (default 20), as the merchant list reads. */
export const crmQuerySchema = z.object({
  /** decision: 1 to 100 characters: a name, phone number, e-mail or customer number. */
  keyword: queryString().pipe(z.string().trim().min(1).max(100)),
  /** The store number (store custom_id) the search is made from. */
  store_number: queryString().pipe(z.string().max(20)),
  page: optionalQueryInt().pipe(z.number().int().min(1).default(1)),
  count: optionalQueryInt().pipe(z.number().int().min(1).max(100).default(20)),
  sig: queryString().pipe(z.string().min(1)),
  sig_time: queryInt().pipe(z.number().int().min(0)),
});
export type CrmQuery = z.output<typeof crmQuerySchema>;

const optionalInt = z.number().int().optional();

/** Customer record of the answer; fields exactly the specification's. */
export const customerRecordSchema = z.object({
  custom_id: z.string(),
  name: z.string(),
  gender: z.number().int(),
  /** YYYY-MM-DD; optional. decision D-041: a CRM's '' is read as none and not relayed. */
  birthday: receivedBirthdaySchema,
  phone_cc: z.number().int(),
  phone_number: z.string(),
  email: z.string().optional(),
  marital_status: optionalInt,
  has_baby: optionalInt,
  has_beauty: optionalInt,
  is_irritability: optionalInt,
});
export type CustomerRecord = z.infer<typeof customerRecordSchema>;

export const crmAnswerSchema = z.object({
  total: z.number().int().min(0),
  lists: z.array(customerRecordSchema),
});
export type CrmAnswer = z.infer<typeof crmAnswerSchema>;

export const CRM_NO_MATCH: CrmAnswer = { total: 0, lists: [] };
