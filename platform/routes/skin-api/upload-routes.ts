import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Readable } from 'node:stream';
import { Codes } from '../../../protocol/codes.ts';
import { skinApiEndpoints } from '../../../protocol/endpoints/skin-api.ts';
import { UploadCodes } from '../../../protocol/skin-api/upload-codes.ts';
import type { Clock } from '../../clock.ts';
import { ApiError } from '../../http/api-error.ts';
import { refuseUnstorableText } from '../../http/storable-text.ts';
import type { ObjectStore } from '../../objects/object-store.ts';
import { readUploadForm } from '../../skin-api/upload-form.ts';
import { FILE_PATH, UPLOAD_PATH, type UploadService } from '../../skin-api/upload-service.ts';
import { outputMime } from '../../skin-api/output-keys.ts';
import { OUTPUT_PATH } from '../../skin-api/task-presenter.ts';
import type { SqlDatabase } from '../../storage/sql.ts';
import { unchecked, type RouteKit } from '../route-kit.ts';
import { PRIVATE_ANSWER_HEADERS } from '../../http/private-answer.ts';

export interface UploadDeps {
  readonly sql: SqlDatabase;
  readonly clock: Clock;
  readonly uploads: UploadService;
  readonly objects: ObjectStore;
}

/** POST /skin_api/file/upload_policy (specification: Skin API). */
export function registerUploadPolicyRoute(kit: RouteKit, { uploads }: UploadDeps): void {
  // The upload service checks the body itself (each broken rule has its own upload code) and the
  // merchant's order (44098), which it writes the policy under.
  kit.route(skinApiEndpoints.uploadPolicy, { body: unchecked }, ({ caller, body, baseUrl }) => uploads.issuePolicy(caller.merchant.id, caller.auth.appId, body, baseUrl()));
}

/**
 * The upload addresses and stored files: raw bodies, so they live in their own context where
 * every content type is handed over as a stream instead of being parsed. No token: the upload
 * addresses carry the policy's signature, and file keys are unguessable (D-025).
 */
export async function registerUploadRoutes(app: FastifyInstance, kit: RouteKit, { uploads, objects }: UploadDeps): Promise<void> {
  await app.register(async (scope) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', (_request, payload, done) => done(null, payload));
    const raw = kit.within(scope);

    raw.open<{ Params: { key: string }; Querystring: { expires?: string; signature?: string } }>(
      { method: 'PUT', url: `${UPLOAD_PATH}/:key`, public: 'the address is signed by the upload policy (expires, signature)' },
      async (request) => {
        const row = await uploads.authorize('PUT', { key: request.params.key, ...request.query });
        const stored = await uploads.receive(row, bodyStream(request));
        return { resource_key: stored.resourceKey, size: stored.size };
      },
    );

    raw.open({ method: 'POST', url: UPLOAD_PATH, public: 'the form fields carry the upload policy\'s signature' }, async (request) => {
      const stored = await readUploadForm(request.headers, bodyStream(request), async (fields, file) => {
        // The file streams to storage as it arrives, so the policy fields must precede it (D-025);
        // a form sending them after the file gets told so, not a bare signature refusal.
        if (fields['key'] === undefined && fields['expires'] === undefined && fields['signature'] === undefined) {
          throw new ApiError(UploadCodes.FORM_INVALID, 'the form_data fields (key, expires, signature) must come before the file field');
        }
        // The form is read here, not by the route kit, so its fields get the kit's text check here (D-103).
        refuseUnstorableText(fields, 'body');
        const row = await uploads.authorize('POST', fields);
        return uploads.receive(row, file);
      });
      return { resource_key: stored.resourceKey, size: stored.size };
    });

    raw.open<{ Params: { key: string } }>(
      { method: 'GET', url: `${FILE_PATH}/:key`, public: 'resource keys are 128-bit random names handed out by a policy', envelope: false },
      async (request, reply) => {
        const file = await uploads.storedFile(request.params.key);
        const stream = file && (await objects.open(file.resourceKey));
        if (!file || !stream) throw new ApiError(Codes.NOT_FOUND, 'no such file');
        // The kiosk shows these in its own Chromium: a shared screen keeps no customer's photo in its cache (D-137).
        return reply.header('content-type', file.mime).header('content-length', file.size).headers(PRIVATE_ANSWER_HEADERS).send(stream);
      },
    );

    raw.open<{ Params: { key: string } }>(
      { method: 'GET', url: `${OUTPUT_PATH}/:key`, public: 'output keys are 128-bit random names handed out in a task result', envelope: false },
      async (request, reply) => {
        const key = request.params.key;
        const mime = outputMime(key);
        const stream = mime ? await objects.open(key) : null;
        if (!mime || !stream) throw new ApiError(Codes.NOT_FOUND, 'no such file');
        return reply.header('content-type', mime).headers(PRIVATE_ANSWER_HEADERS).send(stream);
      },
    );
  });
}

function bodyStream(request: FastifyRequest): Readable {
  const body = request.body as Readable | undefined;
  // A request without a body still has a (empty) raw stream to read.
  return body ?? request.raw;
}
