import type { FastifyBaseLogger } from 'fastify';
import type { Clock } from '../clock.ts';
import type { PlatformConfig } from '../config.ts';
import type { TaskService } from '../skin-api/task-service.ts';
import type { UploadService } from '../skin-api/upload-service.ts';
import type { SqlDatabase } from '../storage/sql.ts';
import type { ObjectStore } from '../objects/object-store.ts';
import { CrmRelay } from './crm-relay.ts';
import { DeletionService } from './deletions.ts';
import { ReportSyncService } from './device-reports.ts';
import { UserSyncService } from './device-users.ts';
import { IntegrationService, type InstanceUrls } from './integration.ts';
import { LinkSigner } from './links.ts';
import { Outbox } from './outbox.ts';
import { PullService } from './pull-service.ts';
import { PushWorker } from './push-worker.ts';
import { ReportRepository } from './report-repository.ts';
import { StandingRepository } from './standing-repository.ts';
import { StandingService } from './standing.ts';
import { IntegrationRepository } from './integration-repository.ts';
import { ReportRoutines } from './routine.ts';
import { CatalogueReadService } from '../open-api/catalogue/read-service.ts';
import { CatalogueRepository } from '../open-api/catalogue/catalogue-repository.ts';

/**
 * How often roles all and worker remove the files deletions listed (D-135): a removed merchant's
 * analysis outputs stay downloadable by whoever holds their addresses until then. An empty list
 * costs one indexed read.
 */
const LISTED_FILES_EVERY_MS = 5 * 60_000;

/** Report data (issue 6): pull, push, CRM search, device sync and shared links. */
export interface ReportData {
  /** Customers and reports (the shared report page reads them; tests write many at once). */
  readonly store: ReportRepository;
  readonly links: LinkSigner;
  readonly integration: IntegrationService;
  readonly outbox: Outbox;
  readonly users: UserSyncService;
  readonly reports: ReportSyncService;
  readonly deletions: DeletionService;
  readonly pull: PullService;
  readonly crm: CrmRelay;
  /** Where a customer's analysis stands among the merchant's customers of their age band (D-066). */
  readonly standing: StandingService;
  /** The phone page's routine: the kiosk's recommendation rule on what the store sells now (D-076). */
  readonly routines: ReportRoutines;
  readonly push: PushWorker;
  /**
   * Once listening: the addresses of the instance. With `deliver` (roles all and worker, D-073)
   * the outbox worker starts and the files deletions listed are removed, now and every few minutes.
   */
  start(log: FastifyBaseLogger, urls: InstanceUrls, deliver?: boolean): void;
  stop(): Promise<void>;
}

export interface ReportDataDeps {
  config: PlatformConfig;
  clock: Clock;
  sql: SqlDatabase;
  uploads: UploadService;
  tasks: TaskService;
  objects: ObjectStore;
  signingKey: Buffer;
}

export function createReportData({ config, clock, sql, uploads, tasks, objects, signingKey }: ReportDataDeps): ReportData {
  const store = new ReportRepository(sql);
  const links = new LinkSigner(signingKey);
  const integration = new IntegrationService(sql, clock, config.allowedPrivateCallbackHosts);
  const outbox = new Outbox(sql, clock, config.pushRetryDelaysMs);
  const push = new PushWorker(store, clock, outbox, integration, links, { region: config.region, pollMs: config.pushPollMs, concurrency: config.pushConcurrency });
  const wake = () => push.wake();
  const deletions = new DeletionService(sql, clock, store, objects);
  const listedFiles: { timer: NodeJS.Timeout | null; running: Promise<void> | null; stopped: boolean } = { timer: null, running: null, stopped: false };
  return {
    store,
    links,
    integration,
    outbox,
    push,
    users: new UserSyncService(clock, store, outbox, wake),
    reports: new ReportSyncService(clock, store, outbox, tasks, uploads, links, wake),
    deletions,
    pull: new PullService(sql, store, new IntegrationRepository(sql), links, signingKey, clock, config.region),
    crm: new CrmRelay(clock, integration, store),
    standing: new StandingService(clock, store, new StandingRepository(sql), tasks, config.peerGroupMin),
    routines: new ReportRoutines(new CatalogueReadService(new CatalogueRepository(sql)), store),
    start(log, urls, deliver = true) {
      integration.setInstanceUrls(urls);
      if (!deliver) return;
      push.start(log);
      // Files of deletions: what a crash or an unreachable store left, and an operator's merchant
      // removal, which lists its files from outside any node (D-135). Taken up at start and every
      // few minutes by the nodes that run background work, one pass at a time.
      const removeListed = () => {
        listedFiles.running ??= deletions
          .removePendingFiles(() => listedFiles.stopped)
          .then(() => undefined)
          .catch((error: unknown) => log.error({ err: error }, 'files of a deletion could not be removed; retried in a few minutes'))
          .finally(() => (listedFiles.running = null));
      };
      removeListed();
      listedFiles.timer ??= setInterval(removeListed, LISTED_FILES_EVERY_MS).unref();
    },
    async stop() {
      listedFiles.stopped = true;
      if (listedFiles.timer) clearInterval(listedFiles.timer);
      await listedFiles.running;
      await push.stop();
    },
  };
}
