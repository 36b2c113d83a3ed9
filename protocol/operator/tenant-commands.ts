import { z } from 'zod';
import { languageCodeSchema } from '../enums/languages.ts';
import { regionSchema } from '../regions.ts';

/**
 * The arguments of the operator's tenant commands (`npm run platform -- tenants …`, D-129), as
 * the command line gives them: strings, checked here before anything is written. Names follow the
 * specification's store name (max 100 characters); ids are the decimal ids `tenants list` prints.
 */
const id = z.string().regex(/^[1-9]\d{0,14}$/, 'must be an id that `tenants list` prints').transform(Number);
const name = z.string().trim().min(1, 'must not be empty').max(100, 'at most 100 characters');
/** A calendar day, read as UTC. */
const day = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'must be a day as YYYY-MM-DD').refine((text) => !Number.isNaN(Date.parse(`${text}T00:00:00Z`)) && new Date(`${text}T00:00:00Z`).toISOString().startsWith(text), 'is not a day of the calendar');

export const addGroupArgsSchema = z.object({ name });

export const addMerchantArgsSchema = z.object({
  group: id,
  name,
  region: regionSchema,
  /** The specification's merchant `area`: the countries or regions it operates in, free text. */
  area: z.string().trim().max(200, 'at most 200 characters').default(''),
  /** The merchant's languages, its default first (the langs read's default_lang and lang_list). */
  languages: z.array(languageCodeSchema).min(1).default(['en']).refine((list) => new Set(list).size === list.length, 'names a language twice'),
  /** Store regions (the areas read); a store created without area_id joins the first. */
  storeRegions: z.array(name).default([]),
  singleAccount: z.boolean().default(false),
});

export const addAppArgsSchema = z.object({ group: id, merchant: id.optional(), name });

export const revokeAppArgsSchema = z.object({ app: z.string().trim().min(1, 'must not be empty') });

export const addOrderArgsSchema = z
  .object({
    merchant: id,
    quota: z.string().regex(/^[1-9]\d{0,8}$/, 'must be a whole number of analyses from 1 to 999999999').transform(Number),
    /** First day the order is valid; today when absent. */
    from: day.optional(),
    /** Last day the order is valid, inclusive. */
    until: day,
  })
  .refine((args) => args.from === undefined || args.from <= args.until, { message: 'is before --from', path: ['until'] });

export const endOrderArgsSchema = z.object({ order: id });

/** A merchant or group removed for good (D-135): its name as well as its id, so a mistyped id removes nothing. */
export const removeMerchantArgsSchema = z.object({ merchant: id, name });
export const removeGroupArgsSchema = z.object({ group: id, name });

export type AddGroupArgs = z.infer<typeof addGroupArgsSchema>;
export type AddMerchantArgs = z.infer<typeof addMerchantArgsSchema>;
export type AddAppArgs = z.infer<typeof addAppArgsSchema>;
export type AddOrderArgs = z.infer<typeof addOrderArgsSchema>;
export type EndOrderArgs = z.infer<typeof endOrderArgsSchema>;
export type RemoveMerchantArgs = z.infer<typeof removeMerchantArgsSchema>;
export type RemoveGroupArgs = z.infer<typeof removeGroupArgsSchema>;
