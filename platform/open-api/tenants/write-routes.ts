import type { FastifyInstance } from 'fastify';
import { accountStatusParamsSchema, merchantEndpoints as ep } from '../../../protocol/endpoints/merchant.ts';
import {
  checkAccountStatus,
  checkAccountUpdate,
  checkEmployeeCreate,
  checkStoreCreate,
  checkStoreUpdate,
} from '../../../protocol/open-api/index.ts';
import { parseInput } from '../../http/validate.ts';
import { authenticateMerchant, type PlatformServices } from '../../services.ts';
import type { AccountService } from './account-service.ts';
import { accepted, onEndpoint } from './route-kit.ts';
import type { StoreService } from './store-service.ts';

/**
 * Store and account writes (specification: Create store, Update store, Create employee, Update
 * account, Enable or disable account). Each route: authenticate (1001), resolve the merchant
 * (D-007), check the body with its protocol/ validator (specific code or 400), call the service.
 * A merchant token writes to its own merchant, a group token to the one in merchant-id (M-020).
 */
export function registerTenantWriteRoutes(
  app: FastifyInstance,
  services: PlatformServices,
  stores: StoreService,
  accounts: AccountService,
): void {
  onEndpoint(app, ep.createStore, (request) => {
    const { merchant } = authenticateMerchant(services, request);
    return stores.create(merchant.id, accepted(checkStoreCreate(request.body)));
  });

  onEndpoint(app, ep.updateStore, (request) => {
    const { merchant } = authenticateMerchant(services, request);
    return stores.update(merchant.id, accepted(checkStoreUpdate(request.body)));
  });

  onEndpoint(app, ep.createEmployee, (request) => {
    const { merchant } = authenticateMerchant(services, request);
    return accounts.createEmployee(merchant, accepted(checkEmployeeCreate(request.body)));
  });

  onEndpoint(app, ep.updateAccount, (request) => {
    const { merchant } = authenticateMerchant(services, request);
    return accounts.updateAccount(merchant.id, accepted(checkAccountUpdate(request.body)));
  });

  onEndpoint(app, ep.setAccountStatus, (request) => {
    const { merchant } = authenticateMerchant(services, request);
    const { status } = parseInput(accountStatusParamsSchema, request.params, 'params');
    return accounts.setStatus(merchant.id, status, accepted(checkAccountStatus(request.body)));
  });
}
