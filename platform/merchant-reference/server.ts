import { randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Codes } from '../../protocol/codes.ts';
import { buildEnvelope, pathOf } from '../http/envelope.ts';
import { answerCrmSearch, badInput, refusal, type Answer, type CrmOptions } from './crm.ts';
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

/** A refusal is the platform's envelope (D-039), so an integrator's logs read the same on both sides. */
function send(req: IncomingMessage, res: ServerResponse, answer: Answer): void {
  const { contentType, body } =
    'refused' in answer
      ? {
          contentType: 'application/json; charset=utf-8',
          body: JSON.stringify(buildEnvelope(answer.refused, {}, answer.detail, pathOf(req.url ?? '/'), randomUUID().replaceAll('-', ''))),
        }
      : answer;
  res.writeHead(answer.status, { 'content-type': contentType, 'content-length': Buffer.byteLength(body) });
  res.end(body);
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
    if (req.method === 'GET' && url.pathname === '/crm') return send(req, res, answerCrmSearch(url.searchParams, crm));
    if (req.method === 'POST' && url.pathname === '/webhook') {
      void readBody(req).then(async (text) => {
        if (text === null) return send(req, res, refusal(413, Codes.INVALID_PARAM, `body: over ${MAX_BODY} bytes`));
        let body: unknown;
        try {
          body = JSON.parse(text);
        } catch {
          return send(req, res, badInput('body: not JSON'));
        }
        send(req, res, await receiver.accept(body));
      }, () => send(req, res, badInput('body: unreadable')));
      return;
    }
    send(req, res, refusal(404, Codes.NOT_FOUND, `no endpoint ${url.pathname}`));
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
