/**
 * Reports and history (kiosk API getReport, getHistory): the result the sync engine stored,
 * named in the customer's language, explained, with recommendations from the cached catalogue.
 */
import type { LanguageCode } from '../../protocol/enums/languages.ts';
import { skinResultSchema } from '../../protocol/skin-api/task-result.ts';
import type { Catalogue } from '../catalogue/catalogue.ts';
import type { History, KioskOutput, Report } from '../kiosk-api/types.ts';
import { recommend } from '../../protocol/open-api/recommend.ts';
import type { KioskStore } from '../store/kiosk-store.ts';
import type { SyncEngine } from '../sync/engine.ts';
import { describeSync } from '../sync/progress.ts';
import { notFound } from './errors.ts';
import { NOISE_BAND } from './noise-band.ts';
import type { ReportEmails } from './report-email.ts';
import { historyFindings, measuredDimensions, notMeasuredDimensions, type DimensionFilter } from './report-findings.ts';

export class Reports {
  constructor(
    private readonly store: KioskStore,
    private readonly engine: SyncEngine,
    private readonly catalogue: Catalogue,
    private readonly emails: ReportEmails,
  ) {}

  report(sessionId: string, lang: LanguageCode): Report {
    const session = this.store.getSession(sessionId);
    if (!session) throw notFound(`Session ${sessionId}`);
    const job = this.engine.job(sessionId);
    const sync = describeSync(session, job, this.engine.uploadProgress(sessionId));
    const result = job?.result ?? null;
    const dimensions = result ? measuredDimensions(result, lang, this.enabled) : [];
    const notMeasured = result ? notMeasuredDimensions(result, lang, this.enabled) : [];
    const customer = session.customerId ? this.store.getCustomer(session.customerId) : null;
    const snapshot = this.catalogue.current;
    const recommended = result
      ? recommend({
          findings: dimensions.map((d) => ({ dimension: d.dimension, level: d.level, score: d.score })),
          products: snapshot.products,
          treatments: snapshot.treatments,
          birthday: customer?.birthday ?? '',
          today: localDate(session.createdAt),
          lang,
        })
      : [];
    const recommendations = recommended.map((item) => ({ ...item, picture: this.catalogue.pictureKey(item.pic) }));
    return {
      sessionId,
      stage: sync.stage,
      progress: sync.progress,
      stageDetail: sync.detail,
      taskId: job?.taskId ?? null,
      createdAt: session.createdAt,
      skinCondition: session.skinCondition,
      overallScore: result?.overall_score ?? null,
      dimensions,
      notMeasured,
      recommendations,
      shareUrl: job?.reportUrl ?? null,
      shareExpiresAt: job?.reportUrlExpiresAt ?? null,
      email: this.emails.view(sessionId),
    };
  }

  history(customerId: string): History {
    if (!this.store.getCustomer(customerId)) throw notFound(`Customer ${customerId}`);
    const points = this.store.analysedSessions(customerId).flatMap((session) => {
      // Results stored before D-033 parse with not_measured = [] (the schema's default).
      const parsed = skinResultSchema.safeParse(session.result);
      if (!parsed.success) return [];
      return [{ sessionId: session.id, createdAt: session.createdAt, skinCondition: session.skinCondition, ...historyFindings(parsed.data, this.enabled) }];
    });
    return { points, noiseBand: { ...NOISE_BAND } };
  }

  /** A stored catalogue picture by its key (Report recommendations' `picture`). */
  async picture(key: string): Promise<KioskOutput<'getCataloguePicture'>> {
    const found = await this.catalogue.picture(key);
    if (!found) throw notFound(`Catalogue picture ${key}`);
    return { bytes: found.bytes, contentType: found.contentType };
  }

  /** The merchant's choice of dimensions (catalogue), for measured and not-measured alike. */
  private readonly enabled: DimensionFilter = (id) => this.catalogue.dimensionEnabled(id);
}

/** YYYY-MM-DD of a Unix ms time in the kiosk's time zone (the shop's day). */
export function localDate(ms: number): string {
  const d = new Date(ms);
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
}
