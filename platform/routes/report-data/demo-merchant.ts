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
  // The merchant's current secret, read per request: the signing app may change or go.
  const secretOf = async (merchantId: string) => (/^\d{1,15}$/.test(merchantId) ? (await integration.signer(Number(merchantId)))?.secret : undefined);
  /** A receiver per merchant (it remembers the event ids it saw) and the secret of the request at hand. */
  const receivers = new Map<string, { receiver: WebhookReceiver; secret: string | undefined }>();
  const receiverOf = async (merchantId: string): Promise<WebhookReceiver | undefined> => {
    const secret = await secretOf(merchantId);
    let entry = receivers.get(merchantId);
    if (!entry) {
      // Only merchants that can be signed for get a receiver, so requests cannot grow the map.
      if (!secret) return undefined;
      const created: { receiver: WebhookReceiver; secret: string | undefined } = {
        secret,
        receiver: new WebhookReceiver({
          secret: () => created.secret,
          now: () => clock.now(),
          onEvent: (event) => log(merchantId, event.event_id, event.data_type),
        }),
      };
      entry = created;
      receivers.set(merchantId, entry);
    }
    entry.secret = secret;
    return entry.receiver;
  };
  const signed = "checks the platform's signature, as a merchant's endpoint does (D-010)";

  kit.open<{ Params: { merchantId: string } }>(
    { method: 'GET', url: `${DEMO_MERCHANT_PREFIX}:merchantId/crm`, public: signed, envelope: false },
    async (request, reply) => {
      const query = new URLSearchParams(request.url.slice(request.url.indexOf('?') + 1 || request.url.length));
      const secret = await secretOf(request.params.merchantId);
      return send(reply, answerCrmSearch(query, { secret: () => secret, customers: SAMPLE_CUSTOMERS, now: () => clock.now() }));
    },
  );
  kit.open<{ Params: { merchantId: string } }>(
    { method: 'POST', url: `${DEMO_MERCHANT_PREFIX}:merchantId/webhook`, public: signed, envelope: false },
    async (request, reply) => {
      const receiver = await receiverOf(request.params.merchantId);
      if (!receiver) return send(reply, badSignature('unknown merchant: no app signs for it'));
      return send(reply, await receiver.accept(request.body));
    },
  );
}
