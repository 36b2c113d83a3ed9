import type { FastifyInstance, FastifyRequest } from 'fastify';
import { Codes } from '../../../protocol/codes.ts';
import { routePath, type Endpoint } from '../../../protocol/endpoint.ts';
import type { CatalogueBatchResponse } from '../../../protocol/endpoints/catalogue.ts';
import { catalogueEndpoints, catalogueStatusPathSchema } from '../../../protocol/endpoints/catalogue.ts';
import type { BatchError } from '../../../protocol/envelope.ts';
import type { BatchOutcome } from '../../../protocol/open-api/batch.ts';
import {
  checkCustomIdList,
  checkLinks,
  checkProductCreateBatch,
  checkProductUpdateBatch,
  checkSaleStores,
  checkTreatmentCreateBatch,
  checkTreatmentUpdateBatch,
} from '../../../protocol/open-api/batch.ts';
import { merchantCatalogueQuerySchema, storeCatalogueQuerySchema } from '../../../protocol/open-api/paging.ts';
import type { Checked } from '../../../protocol/open-api/validation.ts';
import { ApiError } from '../../http/api-error.ts';
import { parseInput } from '../../http/validate.ts';
import type { PlatformServices } from '../../services.ts';
import { authenticateMerchant } from '../../services.ts';
import type { KindRules } from './kinds.ts';
import { KIND_RULES } from './kinds.ts';
import { CatalogueOpsService } from './ops-service.ts';
import { CatalogueReadService } from './read-service.ts';
import type { CatalogueWriteItem } from './write-service.ts';
import { CatalogueWriteService } from './write-service.ts';

type Handler = (request: FastifyRequest) => Promise<object>;

/** The endpoints and batch validators of one kind: the rest of the chain is shared. */
interface KindWiring {
  rules: KindRules;
  create: Endpoint;
  update: Endpoint;
  remove: Endpoint;
  status: Endpoint;
  saleStores: Endpoint;
  links: Endpoint;
  checkCreate: (body: unknown) => Checked<BatchOutcome<CatalogueWriteItem>>;
  checkUpdate: (body: unknown) => Checked<BatchOutcome<CatalogueWriteItem>>;
}

const e = catalogueEndpoints;
const WIRING: readonly KindWiring[] = [
  {
    rules: KIND_RULES.product, create: e.createProducts, update: e.updateProducts, remove: e.deleteProducts, status: e.productStatus,
    saleStores: e.productSaleStores, links: e.productLinks, checkCreate: checkProductCreateBatch, checkUpdate: checkProductUpdateBatch,
  },
  {
    rules: KIND_RULES.treatment, create: e.createTreatments, update: e.updateTreatments, remove: e.deleteTreatments, status: e.treatmentStatus,
    saleStores: e.treatmentSaleStores, links: e.treatmentLinks, checkCreate: checkTreatmentCreateBatch, checkUpdate: checkTreatmentUpdateBatch,
  },
];

/** A failed protocol check: its own code (40055, 40058, 11029, 40035, ... or 400) and field. */
function unwrap<T>(checked: Checked<T>): T {
  if (checked.ok) return checked.value;
  throw new ApiError(checked.failure.code, `body.${checked.failure.field}: ${checked.failure.message}`);
}

/** Specification: Batch errors. Any failed item makes the answer 40069; the others are applied. */
function batchAnswer(errList: BatchError[]): CatalogueBatchResponse {
  if (errList.length > 0) {
    throw new ApiError(Codes.BATCH_FAILED, `${errList.length} item(s) failed; see response.err_list`, { err_list: errList });
  }
  return { err_list: [] };
}

/**
 * Products and treatments (specification: Products, Treatments, Merchant data: reads). Every
 * handler reads: authenticate and resolve the merchant, validate with protocol/, call a service,
 * return the payload (the envelope hook wraps it).
 */
export function registerCatalogueRoutes(app: FastifyInstance, services: PlatformServices): void {
  const writes = new CatalogueWriteService(services.db, services.clock);
  const ops = new CatalogueOpsService(services.db, services.clock);
  const reads = new CatalogueReadService(services.db);
  const on = (ep: Endpoint, handler: Handler) => app.route({ method: ep.method, url: routePath(ep.path), handler });
  const merchantOf = (request: FastifyRequest) => authenticateMerchant(services, request).merchant.id;

  for (const w of WIRING) {
    on(w.create, async (request) => {
      const merchantId = merchantOf(request);
      return batchAnswer(writes.create(merchantId, w.rules, unwrap(w.checkCreate(request.body))));
    });
    on(w.update, async (request) => {
      const merchantId = merchantOf(request);
      return batchAnswer(writes.update(merchantId, w.rules, unwrap(w.checkUpdate(request.body))));
    });
    on(w.remove, async (request) => {
      const merchantId = merchantOf(request);
      return batchAnswer(ops.delete(merchantId, w.rules, unwrap(checkCustomIdList(request.body)).custom_id_list));
    });
    on(w.status, async (request) => {
      const merchantId = merchantOf(request);
      const { status } = parseInput(catalogueStatusPathSchema, request.params, 'params');
      return batchAnswer(ops.setStatus(merchantId, w.rules, unwrap(checkCustomIdList(request.body)).custom_id_list, status));
    });
    on(w.saleStores, async (request) => {
      const merchantId = merchantOf(request);
      ops.setSaleStores(merchantId, w.rules, unwrap(checkSaleStores(request.body)));
      return {};
    });
    on(w.links, async (request) => {
      const merchantId = merchantOf(request);
      ops.setLinks(merchantId, w.rules, unwrap(checkLinks(request.body)));
      return {};
    });
  }

  on(e.merchantProducts, async (request) => {
    const merchantId = merchantOf(request);
    return reads.merchantProducts(merchantId, parseInput(merchantCatalogueQuerySchema, request.query, 'query'));
  });
  on(e.merchantTreatments, async (request) => {
    const merchantId = merchantOf(request);
    return reads.merchantTreatments(merchantId, parseInput(merchantCatalogueQuerySchema, request.query, 'query'));
  });
  on(e.storeProducts, async (request) => {
    const merchantId = merchantOf(request);
    const query = parseInput(storeCatalogueQuerySchema, request.query, 'query');
    return reads.storeProducts(merchantId, query.store_custom_id, query);
  });
  on(e.storeTreatments, async (request) => {
    const merchantId = merchantOf(request);
    const query = parseInput(storeCatalogueQuerySchema, request.query, 'query');
    return reads.storeTreatments(merchantId, query.store_custom_id, query);
  });
}
