import type { FastifyInstance } from 'fastify';
import { gzipOfReply, isSplicedReply } from './raw-json.ts';

/**
 * gzip for answers with kept parts (D-081): a finished task's poll is 16.6 kB of JSON that
 * compresses to 1.3 kB, and its kept part is compressed once (gzip-splice.ts), so the
 * encoding costs a request a few stored-block headers and a CRC combination. Only when the
 * request accepts gzip (the kiosk's client does, main/platform-client/transport.ts); every other
 * request gets the very bytes it got before. Other answers are small or made per request, and
 * compressing those would cost more than it saves.
 */
export function installKeptCompression(app: FastifyInstance): void {
  app.addHook('onSend', (request, reply, payload, done) => {
    if (!isSplicedReply(payload)) return done(null, payload);
    // Answers that may be encoded vary with the header, compressed or not (RFC 9110, 12.5.5).
    reply.header('vary', 'accept-encoding');
    if (!acceptsGzip(request.headers['accept-encoding'])) return done(null, payload);
    reply.header('content-encoding', 'gzip');
    done(null, gzipOfReply(payload));
  });
}

/**
 * Whether an Accept-Encoding value (RFC 9110, 12.5.3) accepts gzip: named (or as x-gzip) with a
 * weight above 0, or left to `*` with a weight above 0. Absent: no, the identity is safest.
 */
export function acceptsGzip(header: string | string[] | undefined): boolean {
  if (header === undefined) return false;
  let named: boolean | undefined;
  let any = false;
  for (const item of (Array.isArray(header) ? header.join(',') : header).split(',')) {
    const [coding = '', ...params] = item.split(';').map((s) => s.trim().toLowerCase());
    const q = params.find((p) => p.startsWith('q='));
    const accepted = q === undefined || Number(q.slice(2)) > 0;
    if (coding === 'gzip' || coding === 'x-gzip') named = (named ?? false) || accepted;
    else if (coding === '*') any = accepted;
  }
  return named ?? any;
}
