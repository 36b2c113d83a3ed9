import { deviceSyncEndpoints as ep } from '../../../protocol/endpoints/device-sync.ts';
import type { ReportData } from '../../report-data/index.ts';
import type { RouteKit } from '../route-kit.ts';

/**
 * The device sync extension (docs/device-sync-api.md): token auth like skin_api, acting on the
 * token's merchant (or the merchant-id header's, with a group token), in this instance's region.
 */
export function registerDeviceRoutes(kit: RouteKit, rd: ReportData): void {
  kit.route(ep.syncUser, {}, ({ caller, body }) => rd.users.sync(caller.merchant.id, body));
  kit.route(ep.submitReport, {}, ({ caller, body, baseUrl }) => rd.reports.submit(caller.merchant.id, body, baseUrl()));
  kit.route(ep.deleteData, {}, ({ caller, body }) => rd.deletions.delete(caller.merchant.id, body));
  kit.route(ep.standing, {}, ({ caller, body }) => rd.standing.standing(caller.merchant.id, body));
  kit.route(ep.crmSearch, {}, ({ caller, query }) => rd.crm.search(caller.merchant.id, query));
  kit.route(ep.integration, {}, ({ caller }) => rd.integration.settings(caller.merchant.id));
  kit.route(ep.updateIntegration, {}, ({ caller, body }) => rd.integration.update(caller.merchant.id, caller.auth.appId, body));
  kit.route(ep.webhookTest, {}, ({ caller }) => rd.push.sendTest(caller.merchant.id));
  kit.route(ep.deliveries, {}, ({ caller, query }) => rd.outbox.list(caller.merchant.id, query.status, query.page, query.count));
  kit.route(ep.redeliver, {}, async ({ caller, body }) => {
    const redelivered = await rd.outbox.redeliver(caller.merchant.id, body.event_ids ? { eventIds: body.event_ids } : { allFailed: true });
    rd.push.wake();
    return { redelivered };
  });
}
