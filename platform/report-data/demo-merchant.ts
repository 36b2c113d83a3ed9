import type { FastifyInstance, FastifyReply } from 'fastify';
import { answerCrmSearch, type Answer } from '../merchant-reference/crm.ts';
import { SAMPLE_CUSTOMERS } from '../merchant-reference/sample-customers.ts';
import { WebhookReceiver } from '../merchant-reference/webhook.ts';
import type { PlatformServices } from '../services.ts';
import { DEMO_MERCHANT_PREFIX } from './integration.ts';

/** The demo merchant's CRM and webhook addresses, relative to the instance (seed, CLI). */
export function demoMerchantUrls(merchantId: number): { crm: string; webhook: string } {
  return { crm: `${DEMO_MERCHANT_PREFIX}${merchantId}/crm`, webhook: `${DEMO_MERCHANT_PREFIX}${merchantId}/webhook` };
}

function send(reply: FastifyReply, answer: Answer): FastifyReply {
  return reply.status(answer.status).header('content-type', answer.contentType).send(answer.body);
}

/**
 * The reference merchant (platform/merchant-reference/) mounted in the platform, so that CRM
 * search and push work out of the box in embedded mode (decision R-017). It is a merchant
 * like any other: the platform reaches it over HTTP with signed calls, and it checks them with
 * the secret of the merchant's signing app. Off with config demoMerchant: false.
 */
export function registerDemoMerchantRoutes(app: FastifyInstance, services: PlatformServices): void {
  const secretOf = (merchantId: string) => () => (/^\d{1,15}$/.test(merchantId) ? services.reportData.integration.signer(Number(merchantId))?.secret : undefined);
  const receivers = new Map<string, WebhookReceiver>();
  const receiverOf = (merchantId: string): WebhookReceiver | undefined => {
    let receiver = receivers.get(merchantId);
    if (!receiver) {
      // Only merchants that can be signed for get a receiver, so requests cannot grow the map.
      if (!secretOf(merchantId)()) return undefined;
      receiver = new WebhookReceiver({
        secret: secretOf(merchantId),
        now: () => services.clock.now(),
        onEvent: (event) => app.log.info({ merchant_id: merchantId, event_id: event.event_id, data_type: event.data_type }, 'demo merchant received an event'),
      });
      receivers.set(merchantId, receiver);
    }
    return receiver;
  };

  app.get<{ Params: { merchantId: string } }>(`${DEMO_MERCHANT_PREFIX}:merchantId/crm`, { config: { envelope: false } }, async (request, reply) => {
    const query = new URLSearchParams(request.url.slice(request.url.indexOf('?') + 1 || request.url.length));
    return send(reply, answerCrmSearch(query, { secret: secretOf(request.params.merchantId), customers: SAMPLE_CUSTOMERS, now: () => services.clock.now() }));
  });
  app.post<{ Params: { merchantId: string } }>(`${DEMO_MERCHANT_PREFIX}:merchantId/webhook`, { config: { envelope: false } }, async (request, reply) => {
    const receiver = receiverOf(request.params.merchantId);
    if (!receiver) return send(reply, { status: 401, contentType: 'text/plain; charset=utf-8', body: 'unknown merchant' });
    return send(reply, await receiver.accept(request.body));
  });
}
