import type { FastifyReply } from 'fastify';
import type { Clock } from '../../clock.ts';
import { ApiError } from '../../http/api-error.ts';
import { answerCrmSearch, badSignature, type Answer } from '../../merchant-reference/crm.ts';
import { SAMPLE_CUSTOMERS } from '../../merchant-reference/sample-customers.ts';
import { WebhookReceiver } from '../../merchant-reference/webhook.ts';
import { DEMO_MERCHANT_PREFIX, type IntegrationService } from '../../report-data/integration.ts';
import type { RouteKit } from '../route-kit.ts';

/**
 * The merchant's answer: its protocol's body on success (CRM JSON, push `success`), the
 * envelope with the refusal's code and HTTP status otherwise (D-039), written by the one error
 * handler like every other failure of the platform.
 */
function send(reply: FastifyReply, answer: Answer): FastifyReply {
  if ('refused' in answer) throw new ApiError({ ...answer.refused, http: answer.status }, answer.detail);
  return reply.status(answer.status).header('content-type', answer.contentType).send(answer.body);
}

/**
 * The reference merchant (platform/merchant-reference/) mounted in the platform, so that CRM
 * search and push work out of the box in embedded mode (decision R-017). It is a merchant
 * like any other: the platform reaches it over HTTP with signed calls, and it checks them with
 * the secret of the merchant's signing app. Off with config demoMerchant: false.
 */
export function registerDemoMerchantRoutes(kit: RouteKit, integration: IntegrationService, clock: Clock, log: (merchantId: string, eventId: string | undefined, dataType: string) => void): void {
  const secretOf = (merchantId: string) => () => (/^\d{1,15}$/.test(merchantId) ? integration.signer(Number(merchantId))?.secret : undefined);
  const receivers = new Map<string, WebhookReceiver>();
  const receiverOf = (merchantId: string): WebhookReceiver | undefined => {
    let receiver = receivers.get(merchantId);
    if (!receiver) {
      // Only merchants that can be signed for get a receiver, so requests cannot grow the map.
      if (!secretOf(merchantId)()) return undefined;
      receiver = new WebhookReceiver({
        secret: secretOf(merchantId),
        now: () => clock.now(),
        onEvent: (event) => log(merchantId, event.event_id, event.data_type),
      });
      receivers.set(merchantId, receiver);
    }
    return receiver;
  };
  const signed = "checks the platform's signature, as a merchant's endpoint does (D-010)";

  kit.open<{ Params: { merchantId: string } }>(
    { method: 'GET', url: `${DEMO_MERCHANT_PREFIX}:merchantId/crm`, public: signed, envelope: false },
    async (request, reply) => {
      const query = new URLSearchParams(request.url.slice(request.url.indexOf('?') + 1 || request.url.length));
      return send(reply, answerCrmSearch(query, { secret: secretOf(request.params.merchantId), customers: SAMPLE_CUSTOMERS, now: () => clock.now() }));
    },
  );
  kit.open<{ Params: { merchantId: string } }>(
    { method: 'POST', url: `${DEMO_MERCHANT_PREFIX}:merchantId/webhook`, public: signed, envelope: false },
    async (request, reply) => {
      const receiver = receiverOf(request.params.merchantId);
      if (!receiver) return send(reply, badSignature('unknown merchant: no app signs for it'));
      return send(reply, await receiver.accept(request.body));
    },
  );
}
