import type { FastifyReply, FastifyRequest } from 'fastify';
import type { LanguageCode } from '../../../protocol/enums/languages.ts';
import type { HtmlPage } from './page-document.ts';
import { pageLanguage } from './page-language.ts';

/** The page language of a shared report request: its `lang` query, then Accept-Language. */
export function requestLanguage(request: FastifyRequest): LanguageCode {
  const query = request.query as Readonly<Record<string, unknown>> | undefined;
  return pageLanguage(query?.['lang'], request.headers['accept-language']);
}

/** Sends a rendered page as it is: a string payload bypasses the envelope. */
export function sendHtml(reply: FastifyReply, page: HtmlPage, status = 200): FastifyReply {
  return reply.status(status).headers(page.headers).send(page.html);
}
