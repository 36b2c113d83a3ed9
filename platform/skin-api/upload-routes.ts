import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Readable } from 'node:stream';
import { Codes } from '../../protocol/codes.ts';
import type { UploadPolicyResponse } from '../../protocol/skin-api/upload-policy.ts';
import { UploadCodes } from '../../protocol/skin-api/upload-codes.ts';
import { ApiError } from '../http/api-error.ts';
import { authenticateMerchant, publicBaseUrl, type PlatformServices } from '../services.ts';
import { findValidOrder } from './orders.ts';
import { readUploadForm } from './upload-form.ts';
import { FILE_PATH, UPLOAD_PATH } from './upload-service.ts';
import { OUTPUT_PATH } from './task-presenter.ts';

/** Analysis outputs are annotation images and annotation JSON documents. */
const OUTPUT_MIME: Readonly<Record<string, string>> = { png: 'image/png', jpg: 'image/jpeg', json: 'application/json' };

/** POST /skin_api/file/upload_policy (specification: Skin API). */
export function registerUploadPolicyRoute(app: FastifyInstance, services: PlatformServices): void {
  app.post('/skin_api/file/upload_policy', async (request): Promise<UploadPolicyResponse> => {
    const { auth, merchant } = authenticateMerchant(services, request);
    if (!findValidOrder(services.db, merchant.id, services.clock.now())) {
      throw new ApiError(Codes.MERCHANT_INVALID, 'the merchant has no valid Skin API order');
    }
    return services.uploads.issuePolicy(merchant.id, auth.appId, request.body, publicBaseUrl(services, request));
  });
}

/**
 * The upload addresses and stored files: raw bodies, so they live in their own context where
 * every content type is handed over as a stream instead of being parsed.
 */
export async function registerUploadRoutes(app: FastifyInstance, services: PlatformServices): Promise<void> {
  await app.register(async (scope) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', (_request, payload, done) => done(null, payload));

    scope.put<{ Params: { key: string }; Querystring: { expires?: string; signature?: string } }>(`${UPLOAD_PATH}/:key`, async (request) => {
      const row = services.uploads.authorize('PUT', { key: request.params.key, ...request.query });
      const stored = await services.uploads.receive(row, bodyStream(request));
      return { resource_key: stored.resourceKey, size: stored.size };
    });

    scope.post(UPLOAD_PATH, async (request) => {
      const stored = await readUploadForm(request.headers, bodyStream(request), async (fields, file) => {
        // The file streams to storage as it arrives, so the policy fields must precede it (D-025);
        // a form sending them after the file gets told so, not a bare signature refusal.
        if (fields['key'] === undefined && fields['expires'] === undefined && fields['signature'] === undefined) {
          throw new ApiError(UploadCodes.FORM_INVALID, 'the form_data fields (key, expires, signature) must come before the file field');
        }
        const row = services.uploads.authorize('POST', fields);
        return services.uploads.receive(row, file);
      });
      return { resource_key: stored.resourceKey, size: stored.size };
    });

    scope.get<{ Params: { key: string } }>(`${FILE_PATH}/:key`, { config: { envelope: false } }, async (request, reply) => {
      const file = services.uploads.storedFile(request.params.key);
      const stream = file && (await services.objects.open(file.resourceKey));
      if (!file || !stream) throw new ApiError(Codes.NOT_FOUND, 'no such file');
      return reply.header('content-type', file.mime).header('content-length', file.size).header('cache-control', 'private, max-age=86400').send(stream);
    });

    scope.get<{ Params: { key: string } }>(`${OUTPUT_PATH}/:key`, { config: { envelope: false } }, async (request, reply) => {
      const key = request.params.key;
      const mime = OUTPUT_MIME[key.slice(key.lastIndexOf('.') + 1)];
      const stream = mime && /^[0-9a-f]{32}-[\w.-]+$/.test(key) ? await services.objects.open(key) : null;
      if (!mime || !stream) throw new ApiError(Codes.NOT_FOUND, 'no such file');
      return reply.header('content-type', mime).header('cache-control', 'private, max-age=86400').send(stream);
    });
  });
}

function bodyStream(request: FastifyRequest): Readable {
  const body = request.body as Readable | undefined;
  // A request without a body still has a (empty) raw stream to read.
  return body ?? request.raw;
}
