/**
 * The small schemas the kiosk API's contract (contract.ts) and its report schemas
 * (report-schemas.ts) share: split from contract.ts by size.
 */
import { z } from 'zod';
import { LIGHT_SOURCES, VIEWS } from '../../protocol/skin-api/api-codes.ts';
import { LANGUAGE_CODES } from '../../protocol/enums/languages.ts';
import { MEASUREMENT_LIMITS } from '../../protocol/skin-api/task-result.ts';
import { MESSAGE_KEYS } from './messages.ts';

export const view = z.enum(VIEWS);
export const light = z.enum(LIGHT_SOURCES);
export const lang = z.enum(LANGUAGE_CODES);
export const id = z.string().min(1).max(64);
export const limit = z.enum(MEASUREMENT_LIMITS);
export const bytes = z.instanceof(Uint8Array);
export const empty = z.object({});

/**
 * A sentence from main for the screen, language-neutral: the renderer translates `key` with
 * `params`; `text` is the English sentence (logs, exports). Keys and English: messages.ts.
 */
export const uiMessageSchema = z.object({
  key: z.enum(MESSAGE_KEYS),
  params: z.record(z.string(), z.union([z.string(), z.number()])),
  text: z.string(),
});

export const skinConditionSchema = z.enum(['clean', 'fresh_makeup', 'other']);
