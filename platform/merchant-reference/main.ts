import { parseArgs } from 'node:util';
import { bindSecretValues } from '../../protocol/secret-arguments.ts';
import { SAMPLE_CUSTOMERS } from './sample-customers.ts';
import { startMerchantReference } from './server.ts';

/** `npx tsx platform/merchant-reference/main.ts --secret <app_secret> [--port 9090]` */
async function main(): Promise<void> {
  const { values } = parseArgs({ args: bindSecretValues(process.argv.slice(2), ['secret']), options: { secret: { type: 'string' }, port: { type: 'string', default: '9090' }, host: { type: 'string', default: '127.0.0.1' } }, strict: true });
  if (!values.secret) throw new Error('--secret <app_secret of the signing app> is required');
  const running = await startMerchantReference({
    secret: values.secret,
    host: values.host,
    port: Number(values.port),
    customers: SAMPLE_CUSTOMERS,
    onEvent: (event) => console.log(`${event.data_type} ${'action_type' in event ? (event.action_type ?? '') : ''} ${event.event_id ?? ''}`),
  });
  console.log(`CRM search: ${running.url}/crm   webhook: ${running.url}/webhook`);
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
