import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { DELIVERY_STATUSES, type DeliveryStatus } from '../../protocol/device-sync/integration.ts';
import { systemClock } from '../clock.ts';
import { openPlatformDatabase } from '../storage/database.ts';
import { ApiError } from '../http/api-error.ts';
import { DEMO_MERCHANT_PREFIX, IntegrationService } from './integration.ts';
import { Outbox } from './outbox.ts';

export const REPORT_DATA_COMMANDS = ['deliveries', 'integration'] as const;

const USAGE = `
npm run platform -- deliveries --data ./data [--database URL] [--merchant ID] [--status failed|pending|delivered|suppressed] [--page N]
npm run platform -- deliveries --data ./data [--database URL] [--merchant ID] --redeliver all|EVENT_ID[,EVENT_ID...]
npm run platform -- integration --data ./data [--database URL] --merchant ID [--webhook-url URL] [--crm-url URL] [--signing-app APP_ID] [--enable]
  (with --merchant alone: shows the merchant's settings)
`.trim();

function isUrl(value: string): boolean {
  return value === '' || value.startsWith(DEMO_MERCHANT_PREFIX) || /^https?:\/\/\S+$/.test(value);
}

/**
 * Operator commands over the data directory (decisions ): list push deliveries and
 * send failed ones again, and set a merchant's webhook and CRM addresses. They write the
 * platform database directly (SQLite in --data, or PostgreSQL with --database or DATABASE_URL);
 * a running instance picks redelivered events up on its next outbox poll.
 */
export async function runReportDataCli(command: string, args: string[]): Promise<void> {
  const { values } = parseArgs({
    args,
    options: {
      data: { type: 'string', default: './data' },
      database: { type: 'string' },
      merchant: { type: 'string' },
      status: { type: 'string' },
      page: { type: 'string', default: '1' },
      redeliver: { type: 'string' },
      'webhook-url': { type: 'string' },
      'crm-url': { type: 'string' },
      'signing-app': { type: 'string' },
      enable: { type: 'boolean', default: false },
    },
    strict: true,
  });
  const merchantId = values.merchant === undefined ? null : Number(values.merchant);
  if (merchantId !== null && !Number.isSafeInteger(merchantId)) throw new Error(`--merchant must be a merchant id\n${USAGE}`);
  const db = await openPlatformDatabase({ dataDir: resolve(values.data), databaseUrl: values.database ?? process.env.DATABASE_URL });
  try {
    if (command === 'deliveries') {
      const outbox = new Outbox(db, systemClock, []);
      if (values.redeliver !== undefined) {
        const which = values.redeliver === 'all' ? { allFailed: true as const } : { eventIds: values.redeliver.split(',').filter(Boolean) };
        console.log(`redelivering ${await outbox.redeliver(merchantId, which)} event(s)`);
        return;
      }
      const status = values.status as DeliveryStatus | undefined;
      if (status !== undefined && !DELIVERY_STATUSES.includes(status)) throw new Error(`--status must be one of ${DELIVERY_STATUSES.join(', ')}`);
      const page = await outbox.list(merchantId, status ?? 'failed', Math.max(1, Number(values.page) || 1), 50);
      console.log(`${page.total} ${status ?? 'failed'} deliveries`);
      for (const item of page.list) {
        console.log(`${item.event_id}  ${item.action_type.padEnd(14)} ${item.status.padEnd(10)} attempts=${item.attempts} http=${item.last_http_status} ${item.last_error}`);
      }
      return;
    }
    if (merchantId === null) throw new Error(`--merchant is required\n${USAGE}`);
    for (const url of [values['webhook-url'], values['crm-url']]) if (url !== undefined && !isUrl(url)) throw new Error(`not an http(s) URL: ${url}`);
    const service = new IntegrationService(db, systemClock, []);
    // Nothing to change: show the settings, and write nothing (D-129's walkthrough found a bare
    // `integration --merchant M` saving a row and choosing a signing app).
    const changes = [values['webhook-url'], values['crm-url'], values['signing-app']].some((value) => value !== undefined) || values.enable;
    if (!changes) {
      console.log(JSON.stringify(await service.settings(merchantId), null, 2));
      return;
    }
    const settings = await service.update(merchantId, null, {
      webhook_url: values['webhook-url'],
      crm_url: values['crm-url'],
      signing_app_id: values['signing-app'],
      webhook_enabled: values.enable ? true : undefined,
    });
    console.log(JSON.stringify(settings, null, 2));
  } catch (error) {
    if (error instanceof ApiError) throw new Error(error.message);
    throw error;
  } finally {
    await db.close();
  }
}
