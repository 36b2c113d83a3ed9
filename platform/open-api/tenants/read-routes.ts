import type { FastifyInstance } from 'fastify';
import { merchantEndpoints as ep } from '../../../protocol/endpoints/merchant.ts';
import { employeesQuerySchema, langQuerySchema, pageQuerySchema } from '../../../protocol/open-api/index.ts';
import { requireGroupToken } from '../../auth/merchant-scope.ts';
import { parseInput } from '../../http/validate.ts';
import { authenticate, authenticateMerchant, type PlatformServices } from '../../services.ts';
import { onEndpoint } from './route-kit.ts';
import type { TenantReadService } from './read-service.ts';

/**
 * The merchant-data reads (specification: Merchant data: reads). Each route: authenticate
 * (1001), resolve the merchant (merchant-id, D-007), parse the query (400), read.
 */
export function registerTenantReadRoutes(app: FastifyInstance, services: PlatformServices, reads: TenantReadService): void {
  onEndpoint(app, ep.listMerchants, (request) => {
    const auth = authenticate(services, request);
    requireGroupToken(auth);
    return reads.listMerchants(auth.groupId);
  });

  onEndpoint(app, ep.listStores, (request) => {
    const { merchant } = authenticateMerchant(services, request);
    return reads.listStores(merchant.id, parseInput(pageQuerySchema, request.query, 'query'));
  });

  onEndpoint(app, ep.listEmployees, (request) => {
    const { merchant } = authenticateMerchant(services, request);
    return reads.listEmployees(merchant.id, parseInput(employeesQuerySchema, request.query, 'query'));
  });

  onEndpoint(app, ep.langs, (request) => {
    const { merchant } = authenticateMerchant(services, request);
    return reads.langs(merchant);
  });

  onEndpoint(app, ep.listDimensions, (request) => {
    authenticateMerchant(services, request);
    return reads.dimensions(parseInput(langQuerySchema, request.query, 'query').lang);
  });

  onEndpoint(app, ep.listCategories, (request) => {
    authenticateMerchant(services, request);
    return reads.categories(parseInput(langQuerySchema, request.query, 'query').lang);
  });

  onEndpoint(app, ep.listAreas, (request) => {
    const { merchant } = authenticateMerchant(services, request);
    return reads.listAreas(merchant.id, parseInput(pageQuerySchema, request.query, 'query'));
  });
}
