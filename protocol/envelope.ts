import { z } from 'zod';

/** meta of the common envelope (specification: Response envelope). */
export const metaSchema = z.object({
  code: z.number().int(),
  msg: z.string(),
  error: z.string(),
  request_uri: z.string(),
  // Required by the specification on skin_api and pull responses; the platform sends it on
  // every enveloped response (decision D-003) so support can trace any call.
  req_id: z.string().optional(),
});
export type Meta = z.infer<typeof metaSchema>;

/** The `{meta, response}` envelope around a payload schema. */
export function envelopeSchema<T extends z.ZodType>(response: T) {
  return z.object({ meta: metaSchema, response });
}

/** An envelope whose payload is not yet checked: what a client reads before it knows meta.code. */
export const looseEnvelopeSchema = z.object({ meta: metaSchema, response: z.unknown() });
export type LooseEnvelope = z.infer<typeof looseEnvelopeSchema>;

export interface Envelope<T> {
  meta: Meta;
  response: T;
}

/** Batch failure entry (specification: Batch errors). */
export const batchErrorSchema = z.object({
  custom_id: z.string(),
  err_code: z.number().int(),
  err_msg: z.string(),
});
export type BatchError = z.infer<typeof batchErrorSchema>;

export const errListResponseSchema = z.object({ err_list: z.array(batchErrorSchema) });

/** Empty object payload, as answered by operations whose body beyond the envelope is not shown. */
export const emptyResponseSchema = z.object({}).loose();
