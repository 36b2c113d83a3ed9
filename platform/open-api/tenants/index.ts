import type { FastifyInstance } from 'fastify';
import type { PlatformServices } from '../../services.ts';
import { AccountService } from './account-service.ts';
import { registerTenantReadRoutes } from './read-routes.ts';
import { TenantReadService } from './read-service.ts';
import { StoreService } from './store-service.ts';
import { registerTenantWriteRoutes } from './write-routes.ts';

/** Merchant data of issue 5: merchants, stores, employees, accounts, regions, languages, dimensions, categories. */
export function registerTenantRoutes(app: FastifyInstance, services: PlatformServices): void {
  registerTenantReadRoutes(app, services, new TenantReadService(services.db));
  registerTenantWriteRoutes(app, services, new StoreService(services.db, services.clock), new AccountService(services.db, services.clock));
}
