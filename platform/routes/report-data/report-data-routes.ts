import type { FastifyBaseLogger } from 'fastify';
import { reportDataEndpoints } from '../../../protocol/endpoints/report-data.ts';
import { unixSeconds, type Clock } from '../../clock.ts';
import type { PlatformConfig } from '../../config.ts';
import type { ObjectStore } from '../../objects/object-store.ts';
import type { ReportData } from '../../report-data/index.ts';
import type { UploadService } from '../../skin-api/upload-service.ts';
import { unchecked, type RouteKit } from '../route-kit.ts';
import { registerDemoMerchantRoutes } from './demo-merchant.ts';
import { registerDeviceRoutes } from './device-routes.ts';
import { registerSharedRoutes } from './shared-routes.ts';

export interface ReportDataRouteDeps {
  readonly config: PlatformConfig;
  readonly clock: Clock;
  readonly uploads: UploadService;
  readonly objects: ObjectStore;
  readonly reportData: ReportData;
}

/** Every route of report data: the specified pull, then the extensions. */
export function registerReportDataRoutes(kit: RouteKit, deps: ReportDataRouteDeps, log: FastifyBaseLogger): void {
  const { clock, config, reportData } = deps;
  // The signature covers the query as sent, so pull-auth.ts reads it raw and parses it after.
  kit.route(reportDataEndpoints.pull, { public: 'signed with the app secret: app_id, sig_time, sig (R-005)', query: unchecked }, async ({ request, baseUrl }) => {
    const at = request.url.indexOf('?');
    const caller = await reportData.pull.authenticate(at === -1 ? '' : request.url.slice(at + 1));
    return reportData.pull.page(caller, baseUrl(), unixSeconds(clock));
  });
  registerDeviceRoutes(kit, reportData);
  registerSharedRoutes(kit, deps);
  // The demo merchant is the demo tenants' receiver: without them it is not served (D-129).
  if (config.demoMerchant && config.demoTenants) {
    registerDemoMerchantRoutes(kit, reportData.integration, clock, (merchantId, eventId, dataType) =>
      log.info({ merchant_id: merchantId, event_id: eventId, data_type: dataType }, 'demo merchant received an event'),
    );
  }
}
