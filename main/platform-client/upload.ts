import { FormData, request } from 'undici';
import { looseEnvelopeSchema } from '../../protocol/envelope.ts';
import { skinApiEndpoints } from '../../protocol/endpoints/skin-api.ts';
import { UPLOAD_FILE_FIELD, type UploadPolicyResponse } from '../../protocol/skin-api/upload-policy.ts';
import type { PlatformClient } from './client.ts';
import { PlatformError, PlatformProtocolError, PlatformUnreachableError } from './errors.ts';

export interface UploadOptions {
  fileName: string;
  bytes: Uint8Array;
  mime?: string;
  /** Deadline of the transfer itself; a 20 MiB file on a slow shop line needs minutes. */
  timeoutMs?: number;
}

/**
 * Sends a file as the policy says (specification: Upload flow): PUT with the raw bytes, or POST
 * multipart with every form_data field unchanged plus the file as `file`. A refusal is a
 * PlatformError with the upload code (D-025).
 */
export async function uploadWithPolicy(policy: UploadPolicyResponse, options: UploadOptions): Promise<void> {
  const label = `${policy.upload.method} upload`;
  const signal = AbortSignal.timeout(options.timeoutMs ?? 120_000);
  let res;
  try {
    if (policy.upload.method === 'PUT') {
      res = await request(policy.upload.url, {
        method: 'PUT',
        headers: { 'content-type': options.mime ?? policy.mime ?? 'application/octet-stream' },
        body: options.bytes,
        signal,
      });
    } else {
      const form = new FormData();
      for (const [name, value] of Object.entries(policy.upload.form_data)) form.append(name, value);
      form.append(UPLOAD_FILE_FIELD, new Blob([Buffer.from(options.bytes)], { type: options.mime ?? policy.mime ?? 'application/octet-stream' }), options.fileName);
      res = await request(policy.upload.url, { method: 'POST', body: form, signal });
    }
  } catch (error) {
    throw new PlatformUnreachableError(label, error instanceof Error && error.name === 'TimeoutError' ? 'timeout' : 'network', { cause: error });
  }
  const text = await res.body.text();
  if (res.statusCode === 200) return;
  const parsed = looseEnvelopeSchema.safeParse(safeJson(text));
  if (parsed.success) throw new PlatformError(label, parsed.data.meta, res.statusCode, parsed.data.response);
  throw new PlatformProtocolError(label, res.statusCode, 'upload refused without an envelope');
}

/** Asks for a policy and uploads the file through it; the policy's resource_url (never upload.url) goes into the task. */
export async function uploadFile(client: PlatformClient, options: UploadOptions): Promise<UploadPolicyResponse> {
  const policy = await client.call(skinApiEndpoints.uploadPolicy, { body: { file_name: options.fileName } });
  await uploadWithPolicy(policy, options);
  return policy;
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}
