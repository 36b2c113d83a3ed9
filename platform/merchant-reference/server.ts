import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { answerCrmSearch, type Answer, type CrmOptions } from './crm.ts';
import { WebhookReceiver, type WebhookOptions } from './webhook.ts';

export interface MerchantReferenceOptions extends Omit<CrmOptions, 'customers'>, Omit<WebhookOptions, 'secret'> {
  customers?: CrmOptions['customers'];
  host?: string;
  port?: number;
}

export interface RunningMerchantReference {
  /** Base address; the CRM is `${url}/crm`, the webhook `${url}/webhook`. */
  url: string;
  close(): Promise<void>;
}

const MAX_BODY = 4 * 1024 * 1024;

function readBody(req: IncomingMessage): Promise<string | null> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > MAX_BODY) {
        resolve(null);
        req.destroy();
      } else chunks.push(chunk);
    });
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    req.on('error', reject);
  });
}

function send(res: ServerResponse, answer: Answer): void {
  res.writeHead(answer.status, { 'content-type': answer.contentType, 'content-length': Buffer.byteLength(answer.body) });
  res.end(answer.body);
}

/**
 * A merchant's side in plain node:http, as an integration example and for tests:
 * GET /crm answers CRM searches, POST /webhook receives push events. Both refuse bad signatures.
 */
export async function startMerchantReference(options: MerchantReferenceOptions): Promise<RunningMerchantReference> {
  const receiver = new WebhookReceiver(options);
  const crm: CrmOptions = { secret: options.secret, customers: options.customers ?? [], now: options.now };
  const server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://localhost');
    if (req.method === 'GET' && url.pathname === '/crm') return send(res, answerCrmSearch(url.searchParams, crm));
    if (req.method === 'POST' && url.pathname === '/webhook') {
      void readBody(req).then(async (text) => {
        if (text === null) return send(res, { status: 413, contentType: 'text/plain', body: 'too large' });
        let body: unknown;
        try {
          body = JSON.parse(text);
        } catch {
          return send(res, { status: 400, contentType: 'text/plain', body: 'not JSON' });
        }
        send(res, await receiver.accept(body));
      }, () => send(res, { status: 400, contentType: 'text/plain', body: 'unreadable body' }));
      return;
    }
    send(res, { status: 404, contentType: 'text/plain', body: 'not found' });
  });
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, options.host ?? '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://${options.host ?? '127.0.0.1'}:${port}`,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
