import type { Clock } from '../../clock.ts';
import { AccountService } from '../../open-api/tenants/account-service.ts';
import { TenantReadService } from '../../open-api/tenants/read-service.ts';
import { StoreService } from '../../open-api/tenants/store-service.ts';
import type { SqlDatabase } from '../../storage/sql.ts';
import type { RouteKit } from '../route-kit.ts';
import { registerTenantReadRoutes } from './tenant-read-routes.ts';
import { registerTenantWriteRoutes } from './tenant-write-routes.ts';

/** Merchant data of issue 5: merchants, stores, employees, accounts, regions, languages, dimensions, categories. */
export function registerTenantRoutes(kit: RouteKit, sql: SqlDatabase, clock: Clock): void {
  registerTenantReadRoutes(kit, new TenantReadService(sql));
  registerTenantWriteRoutes(kit, new StoreService(sql, clock), new AccountService(sql, clock));
}
