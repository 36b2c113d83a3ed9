import type { FastifyInstance, FastifyRequest } from 'fastify';
import { crmSearchQuerySchema } from '../../protocol/device-sync/crm-search.ts';
import { deliveriesQuerySchema, integrationPatchSchema, redeliverRequestSchema } from '../../protocol/device-sync/integration.ts';
import { deviceSyncEndpoints } from '../../protocol/endpoints/device-sync.ts';
import type { MerchantRow } from '../auth/merchant-scope.ts';
import type { AuthContext } from '../auth/token-service.ts';
import { parseInput } from '../http/validate.ts';
import { onEndpoint } from '../open-api/tenants/route-kit.ts';
import { authenticateMerchant, publicBaseUrl, type PlatformServices } from '../services.ts';

/**
 * The device sync extension (docs/device-sync-api.md): token auth like skin_api, acting on the
 * token's merchant (or the merchant-id header's, with a group token), in this instance's region.
 */
export function registerDeviceRoutes(app: FastifyInstance, services: PlatformServices): void {
  const rd = services.reportData;
  const caller = (request: FastifyRequest): { auth: AuthContext; merchant: MerchantRow } => authenticateMerchant(services, request);
  const ep = deviceSyncEndpoints;

  onEndpoint(app, ep.syncUser, (request) => rd.users.sync(caller(request).merchant.id, request.body));
  onEndpoint(app, ep.submitReport, (request) => rd.reports.submit(caller(request).merchant.id, request.body, publicBaseUrl(services, request)));
  onEndpoint(app, ep.deleteData, (request) => rd.deletions.delete(caller(request).merchant.id, request.body));
  onEndpoint(app, ep.crmSearch, async (request) => {
    const { merchant } = caller(request);
    return rd.crm.search(merchant.id, parseInput(crmSearchQuerySchema, request.query, 'query'));
  });
  onEndpoint(app, ep.integration, (request) => rd.integration.settings(caller(request).merchant.id));
  onEndpoint(app, ep.updateIntegration, (request) => {
    const { auth, merchant } = caller(request);
    return rd.integration.update(merchant.id, auth.appId, parseInput(integrationPatchSchema, request.body, 'body'));
  });
  onEndpoint(app, ep.webhookTest, (request) => rd.push.sendTest(caller(request).merchant.id));
  onEndpoint(app, ep.deliveries, (request) => {
    const { merchant } = caller(request);
    const query = parseInput(deliveriesQuerySchema, request.query, 'query');
    return rd.outbox.list(merchant.id, query.status, query.page, query.count);
  });
  onEndpoint(app, ep.redeliver, (request) => {
    const { merchant } = caller(request);
    const body = parseInput(redeliverRequestSchema, request.body, 'body');
    const redelivered = rd.outbox.redeliver(merchant.id, body.event_ids ? { eventIds: body.event_ids } : { allFailed: true });
    rd.push.wake();
    return { redelivered };
  });
}
