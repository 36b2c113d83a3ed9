import type { RoutineItem } from '../../protocol/device-sync/shared-links.ts';
import type { LanguageCode } from '../../protocol/enums/languages.ts';
import { recommend, type Finding } from '../../protocol/open-api/recommend.ts';
import type { CatalogueReadService } from '../open-api/catalogue/read-service.ts';
import type { ReportRepository, ReportRow } from './report-repository.ts';

/**
 * The routine of a customer's phone page (issue 16 item 11, D-076): the products and treatments
 * the kiosk's rule recommends for the report's findings, from what the report's store sells now,
 * with the customer's age limits applied as at the counter. Computed when the page is read, not
 * stored: an item withdrawn since the visit is no longer offered, and every client of
 * POST /device_api/reports gets a routine without sending one.
 */
export class ReportRoutines {
  constructor(
    private readonly catalogue: CatalogueReadService,
    private readonly reports: ReportRepository,
  ) {}

  async of(row: ReportRow, findings: readonly Finding[], lang: LanguageCode): Promise<RoutineItem[]> {
    if (findings.length === 0) return [];
    const sold = await this.catalogue.storeCatalogue(row.merchant_id, row.store_custom_id);
    if (!sold) return [];
    const recommended = recommend({
      findings,
      products: sold.products,
      treatments: sold.treatments,
      birthday: await this.reports.birthdayOf(row.user_id),
      // The visit's day in UTC: the platform does not know the store's time zone; an age differs
      // from the kiosk's only on the customer's birthday itself.
      today: new Date(row.created_at).toISOString().slice(0, 10),
      lang,
    });
    return recommended.map((r) => ({
      kind: r.kind,
      custom_id: r.customId,
      name: r.name,
      sub_title: r.subTitle,
      pic: r.pic,
      price: r.price,
      price_unit: r.priceUnit,
      price_symbol: r.priceSymbol,
      link: r.link,
      why: { dimension: r.why.dimension, level: r.why.level },
    }));
  }
}
