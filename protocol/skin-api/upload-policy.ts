import { z } from 'zod';
import type { CodeInfo } from '../codes.ts';
import { Codes } from '../codes.ts';

/**
 * POST /skin_api/file/upload_policy (specification: Upload policy, POST /skin_api/file/upload_policy).
 */
export const uploadPolicyRequestSchema = z.object({
  /** Original file name with extension, no directory path. */
  file_name: z.string().optional(),
  /** Extension without dot; alone, the service generates the file name. */
  suffix: z.string().optional(),
});
export type UploadPolicyRequest = z.infer<typeof uploadPolicyRequestSchema>;

export const UPLOAD_METHODS = ['PUT', 'POST'] as const;
export type UploadMethod = (typeof UPLOAD_METHODS)[number];

export const uploadPolicyResponseSchema = z.object({
  /** Allocated file resource identifier. */
  resource_key: z.string(),
  /** What goes into the task's resources after a successful upload (never upload.url). */
  resource_url: z.string(),
  /** Seconds the policy stays valid. */
  ttl: z.number().int().positive(),
  upload: z.object({
    method: z.enum(UPLOAD_METHODS),
    /** Temporary, signed destination of this upload. */
    url: z.string(),
    /** Fields of a POST upload, sent unchanged; decision: our platform sends {} with PUT. */
    form_data: z.record(z.string(), z.string()).default({}),
  }),
  provider: z.string().optional(),
  token: z.string().optional(),
  hosts: z.record(z.string(), z.unknown()).optional(),
  mime: z.string().optional(),
});
export type UploadPolicyResponse = z.output<typeof uploadPolicyResponseSchema>;

/** The multipart field that carries the file of a POST upload. */
export const UPLOAD_FILE_FIELD = 'file';

/** decision: a policy is valid 15 minutes, long enough for a slow shop connection. */
export const DEFAULT_UPLOAD_TTL_SECONDS = 900;

/** decision: an uploaded file may be at most 20 MiB (the specification does not show a limit). */
export const MAX_UPLOAD_BYTES = 20 * 1024 * 1024;

/**
 * decision: accepted file types are the image formats a capture or a phone produces; ZIP is
 * refused as the specification says, and so is every other type (44053).
 */
export const UPLOAD_MIME_TYPES: Readonly<Record<string, string>> = {
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  png: 'image/png',
  webp: 'image/webp',
  bmp: 'image/bmp',
  tif: 'image/tiff',
  tiff: 'image/tiff',
  heic: 'image/heic',
  heif: 'image/heif',
};

export interface UploadFile {
  /** The given file name, or null when the platform generates one. */
  readonly fileName: string | null;
  /** Lower-case extension without dot. */
  readonly extension: string;
  readonly mime: string;
}

export type UploadFileCheck = { readonly ok: true; readonly file: UploadFile } | { readonly ok: false; readonly code: CodeInfo; readonly message: string };

function refuse(code: CodeInfo, message: string): UploadFileCheck {
  return { ok: false, code, message };
}

/**
 * The file an upload-policy request describes, or its code: 44007 neither file_name nor suffix,
 * 44008 no extension can be found, 44053 an unsupported type (ZIP included), 400 a file name
 * with a directory path or a field of the wrong type. decision: when both are given, suffix
 * decides the type; a leading dot on suffix is tolerated; names are at most 255 characters.
 */
export function resolveUploadFile(body: unknown): UploadFileCheck {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) return refuse(Codes.INVALID_PARAM, 'the body must be a JSON object');
  const record = body as Record<string, unknown>;
  const fileName = record['file_name'];
  const suffix = record['suffix'];
  if (fileName !== undefined && typeof fileName !== 'string') return refuse(Codes.INVALID_PARAM, 'file_name must be a string');
  if (suffix !== undefined && typeof suffix !== 'string') return refuse(Codes.INVALID_PARAM, 'suffix must be a string');
  const name = fileName?.trim() ?? '';
  const ext = suffix?.trim().replace(/^\./, '') ?? '';
  if (name === '' && ext === '') return refuse(Codes.FILE_NAME_MISSING, 'give file_name or suffix');
  if (name !== '' && (/[/\\]/.test(name) || name.length > 255)) return refuse(Codes.INVALID_PARAM, 'file_name must be a bare file name of at most 255 characters');
  const dot = name.lastIndexOf('.');
  const extension = (ext !== '' ? ext : dot > 0 ? name.slice(dot + 1) : '').toLowerCase();
  if (!/^[a-z0-9]{1,10}$/.test(extension)) return refuse(Codes.FILE_EXTENSION_UNKNOWN, 'give suffix, or a file_name with an extension');
  const mime = UPLOAD_MIME_TYPES[extension];
  if (!mime || !Object.hasOwn(UPLOAD_MIME_TYPES, extension)) return refuse(Codes.FILE_TYPE_UNSUPPORTED, `.${extension} files are not supported`);
  return { ok: true, file: { fileName: name === '' ? null : name, extension, mime } };
}
