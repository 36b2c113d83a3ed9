import type { FastifyReply, FastifyRequest } from 'fastify';
import type { LanguageCode } from '../../../protocol/enums/languages.ts';
import type { HtmlPage } from './page-document.ts';
import { pageLanguage } from './page-language.ts';
import { hasPageTexts } from './page-texts.ts';

/**
 * The language of a shared report request: its `lang` query, then Accept-Language. For the HTML
 * page only languages it is written in (D-137); the JSON answer has none of its sentences and
 * takes any language of the specification (its routine's product names, R-021).
 */
export function requestLanguage(request: FastifyRequest, forPage: boolean): LanguageCode {
  const query = request.query as Readonly<Record<string, unknown>> | undefined;
  return pageLanguage(query?.['lang'], request.headers['accept-language'], forPage ? hasPageTexts : () => true);
}

/** Sends a rendered page as it is: a string payload bypasses the envelope. */
export function sendHtml(reply: FastifyReply, page: HtmlPage, status = 200): FastifyReply {
  return reply.status(status).headers(page.headers).send(page.html);
}
