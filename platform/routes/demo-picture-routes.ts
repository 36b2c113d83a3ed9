import type { FastifyReply, FastifyRequest } from 'fastify';
import { Codes } from '../../protocol/codes.ts';
import { ApiError } from '../http/api-error.ts';
import { DEMO_PICTURE_PATH } from '../seed/demo-catalogue.ts';
import { demoPicturePng } from '../seed/demo-pictures.ts';
import type { RouteKit } from './route-kit.ts';

/**
 * The demo catalogue's pictures (docs/decisions.md, "Demo catalogue pictures"): public PNGs, like
 * any merchant's picture host, under the platform's own extension prefix `/demo/`. Only the demo
 * items' files exist; anything else is the usual not-found envelope.
 */
export function registerDemoPictureRoutes(kit: RouteKit): void {
  kit.open<{ Params: { file: string } }>(
    { method: 'GET', url: `${DEMO_PICTURE_PATH}/:file`, public: 'pictures of the demo catalogue, linked from its public item pages', envelope: false },
    async (request: FastifyRequest<{ Params: { file: string } }>, reply: FastifyReply) => {
      const file = request.params.file;
      const png = /^[a-z0-9_-]{1,64}\.png$/.test(file) ? await demoPicturePng(file) : null;
      if (!png) throw new ApiError(Codes.NOT_FOUND, 'no such picture');
      return reply.header('content-type', 'image/png').header('cache-control', 'public, max-age=86400').send(png);
    },
  );
}
