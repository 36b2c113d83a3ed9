import { merchantEndpoints as ep } from '../../../protocol/endpoints/merchant.ts';
import {
  checkAccountStatus,
  checkAccountUpdate,
  checkEmployeeCreate,
  checkStoreCreate,
  checkStoreUpdate,
} from '../../../protocol/open-api/index.ts';
import type { AccountService } from '../../open-api/tenants/account-service.ts';
import type { StoreService } from '../../open-api/tenants/store-service.ts';
import { checkedBy, type RouteKit } from '../route-kit.ts';

/**
 * Store and account writes (specification: Create store, Update store, Create employee, Update
 * account, Enable or disable account). The kit authenticates (1001), resolves the merchant
 * (D-007) and checks the body with its protocol/ validator (specific code or 400); each route
 * calls the service. A merchant token writes to its own merchant, a group token to the one in
 * merchant-id (M-020).
 */
export function registerTenantWriteRoutes(kit: RouteKit, stores: StoreService, accounts: AccountService): void {
  kit.route(ep.createStore, { body: checkedBy(checkStoreCreate) }, ({ caller, body }) => stores.create(caller.merchant.id, body));
  kit.route(ep.updateStore, { body: checkedBy(checkStoreUpdate) }, ({ caller, body }) => stores.update(caller.merchant.id, body));
  kit.route(ep.createEmployee, { body: checkedBy(checkEmployeeCreate) }, ({ caller, body }) => accounts.createEmployee(caller.merchant, body));
  kit.route(ep.updateAccount, { body: checkedBy(checkAccountUpdate) }, ({ caller, body }) => accounts.updateAccount(caller.merchant.id, body));
  kit.route(ep.setAccountStatus, { body: checkedBy(checkAccountStatus) }, ({ caller, params, body }) =>
    accounts.setStatus(caller.merchant.id, params.status, body),
  );
}
