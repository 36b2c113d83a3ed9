import { merchantEndpoints as ep } from '../../../protocol/endpoints/merchant.ts';
import { requireGroupToken } from '../../auth/merchant-scope.ts';
import type { TenantReadService } from '../../open-api/tenants/read-service.ts';
import type { RouteKit } from '../route-kit.ts';

/**
 * The merchant-data reads (specification: Merchant data: reads). The kit authenticates (1001),
 * resolves the merchant (merchant-id, D-007) and parses the query (400); each route reads.
 */
export function registerTenantReadRoutes(kit: RouteKit, reads: TenantReadService): void {
  kit.route(ep.listMerchants, {}, ({ caller }) => {
    requireGroupToken(caller.auth);
    return reads.listMerchants(caller.auth.groupId);
  });
  kit.route(ep.listStores, {}, ({ caller, query }) => reads.listStores(caller.merchant.id, query));
  kit.route(ep.listEmployees, {}, ({ caller, query }) => reads.listEmployees(caller.merchant.id, query));
  kit.route(ep.langs, {}, ({ caller }) => reads.langs(caller.merchant.id));
  kit.route(ep.listDimensions, {}, ({ query }) => reads.dimensions(query.lang));
  kit.route(ep.listCategories, {}, ({ query }) => reads.categories(query.lang));
  kit.route(ep.listAreas, {}, ({ caller, query }) => reads.listAreas(caller.merchant.id, query));
}
