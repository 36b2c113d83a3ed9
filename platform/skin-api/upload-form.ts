import Busboy from 'busboy';
import type { IncomingHttpHeaders } from 'node:http';
import type { Readable } from 'node:stream';
import { UPLOAD_FILE_FIELD } from '../../protocol/skin-api/upload-policy.ts';
import { UploadCodes } from '../../protocol/skin-api/upload-codes.ts';
import { ApiError } from '../http/api-error.ts';

/**
 * Reads a multipart/form-data upload: the policy fields first, then the file in the field
 * `file` (specification: Upload flow 3). As with object stores, fields after the file are not
 * read, so the policy can be checked before a single file byte is stored.
 */
export function readUploadForm<T>(
  headers: IncomingHttpHeaders,
  body: Readable,
  onFile: (fields: Readonly<Record<string, string>>, file: Readable) => Promise<T>,
): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    let busboy: Busboy.Busboy;
    try {
      busboy = Busboy({ headers, limits: { files: 1, fields: 20, fieldSize: 4096, parts: 30 } });
    } catch {
      reject(new ApiError(UploadCodes.FORM_INVALID, 'the body must be multipart/form-data'));
      return;
    }
    const fields: Record<string, string> = {};
    let handled = false;
    busboy.on('field', (name, value) => {
      if (!handled) fields[name] = value;
    });
    busboy.on('file', (name, stream) => {
      if (handled || name !== UPLOAD_FILE_FIELD) {
        stream.resume();
        return;
      }
      handled = true;
      onFile({ ...fields }, stream).then(resolve, (error: unknown) => {
        stream.resume();
        reject(error);
      });
    });
    busboy.on('error', () => reject(new ApiError(UploadCodes.FORM_INVALID, 'malformed multipart body')));
    busboy.on('close', () => {
      if (!handled) reject(new ApiError(UploadCodes.FORM_INVALID, `no file in the form field ${UPLOAD_FILE_FIELD}`));
    });
    body.pipe(busboy);
  });
}
