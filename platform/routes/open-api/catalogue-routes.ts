import type { z } from 'zod';
import { Codes } from '../../../protocol/codes.ts';
import type { Endpoint } from '../../../protocol/endpoint.ts';
import { catalogueEndpoints as e, type CatalogueBatchResponse, type catalogueBatchResponseSchema } from '../../../protocol/endpoints/catalogue.ts';
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
import type { Checked } from '../../../protocol/open-api/validation.ts';
import type { Clock } from '../../clock.ts';
import { ApiError } from '../../http/api-error.ts';
import { CatalogueRepository } from '../../open-api/catalogue/catalogue-repository.ts';
import type { KindRules } from '../../open-api/catalogue/kinds.ts';
import { KIND_RULES } from '../../open-api/catalogue/kinds.ts';
import { CatalogueOpsService } from '../../open-api/catalogue/ops-service.ts';
import { CatalogueReadService } from '../../open-api/catalogue/read-service.ts';
import type { CatalogueWriteItem } from '../../open-api/catalogue/write-service.ts';
import { CatalogueWriteService } from '../../open-api/catalogue/write-service.ts';
import type { SqlDatabase } from '../../storage/sql.ts';
import { checkedBy, type RouteKit } from '../route-kit.ts';

/** Create and update of either kind: the kind's batch validator checks the body. */
type BatchWrite = Endpoint<z.ZodType, z.ZodType, typeof catalogueBatchResponseSchema, z.ZodType, 'token', true>;

/** The endpoints and batch validators of one kind: the rest of the chain is shared. */
interface KindWiring {
  rules: KindRules;
  create: BatchWrite;
  update: BatchWrite;
  remove: typeof e.deleteProducts;
  status: typeof e.productStatus;
  saleStores: typeof e.productSaleStores;
  links: typeof e.productLinks;
  checkCreate: (body: unknown) => Checked<BatchOutcome<CatalogueWriteItem>>;
  checkUpdate: (body: unknown) => Checked<BatchOutcome<CatalogueWriteItem>>;
}

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

/** Specification: Batch errors. Any failed item makes the answer 40069; the others are applied. */
function batchAnswer(errList: BatchError[]): CatalogueBatchResponse {
  if (errList.length > 0) {
    throw new ApiError(Codes.BATCH_FAILED, `${errList.length} item(s) failed; see response.err_list`, { err_list: errList });
  }
  return { err_list: [] };
}

/**
 * Products and treatments (specification: Products, Treatments, Merchant data: reads). The kit
 * authenticates and resolves the merchant and checks the input with protocol/ (a batch
 * validator's own code: 40055, 40058, 11029, 40035, ... or 400); each route calls a service.
 */
export function registerCatalogueRoutes(kit: RouteKit, sql: SqlDatabase, clock: Clock): void {
  const repo = new CatalogueRepository(sql);
  const writes = new CatalogueWriteService(repo, clock);
  const ops = new CatalogueOpsService(repo, clock);
  const reads = new CatalogueReadService(repo);
  const customIds = checkedBy(checkCustomIdList);

  // Every write here takes a list: a body over the JSON limit asks for smaller batches (D-115).
  const batch = { bodyTooLarge: Codes.TOO_MUCH_DATA };
  for (const w of WIRING) {
    kit.route(w.create, { ...batch, body: checkedBy(w.checkCreate) }, async ({ caller, body }) => batchAnswer(await writes.create(caller.merchant.id, w.rules, body)));
    kit.route(w.update, { ...batch, body: checkedBy(w.checkUpdate) }, async ({ caller, body }) => batchAnswer(await writes.update(caller.merchant.id, w.rules, body)));
    kit.route(w.remove, { ...batch, body: customIds }, async ({ caller, body }) => batchAnswer(await ops.delete(caller.merchant.id, w.rules, body.custom_id_list)));
    kit.route(w.status, { ...batch, body: customIds }, async ({ caller, params, body }) =>
      batchAnswer(await ops.setStatus(caller.merchant.id, w.rules, body.custom_id_list, params.status)),
    );
    kit.route(w.saleStores, { ...batch, body: checkedBy(checkSaleStores) }, async ({ caller, body }) => {
      await ops.setSaleStores(caller.merchant.id, w.rules, body);
      return {};
    });
    kit.route(w.links, { ...batch, body: checkedBy(checkLinks) }, async ({ caller, body }) => {
      await ops.setLinks(caller.merchant.id, w.rules, body);
      return {};
    });
  }

  kit.route(e.merchantProducts, {}, ({ caller, query }) => reads.merchantProducts(caller.merchant.id, query));
  kit.route(e.merchantTreatments, {}, ({ caller, query }) => reads.merchantTreatments(caller.merchant.id, query));
  // A page kept under its merchant's change stamp is answered before routing (D-089), as the
  // finished task's poll is (D-084): the stamp is in memory on PostgreSQL, one pragma on SQLite.
  kit.keptAnswer(e.merchantProducts, ({ caller, query }) => reads.keptMerchantProducts(caller.merchant.id, query));
  kit.keptAnswer(e.merchantTreatments, ({ caller, query }) => reads.keptMerchantTreatments(caller.merchant.id, query));
  kit.route(e.storeProducts, {}, ({ caller, query }) => reads.storeProducts(caller.merchant.id, query.store_custom_id, query));
  kit.route(e.storeTreatments, {}, ({ caller, query }) => reads.storeTreatments(caller.merchant.id, query.store_custom_id, query));
}
