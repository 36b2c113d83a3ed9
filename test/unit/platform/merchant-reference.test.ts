import { describe, expect, it } from 'vitest';
import { pushSignParams } from '../../../protocol/report-data/push.ts';
import { sign } from '../../../platform/auth/signature.ts';
import { answerCrmSearch } from '../../../platform/merchant-reference/crm.ts';
import { SAMPLE_CUSTOMERS } from '../../../platform/merchant-reference/sample-customers.ts';
import { WebhookReceiver } from '../../../platform/merchant-reference/webhook.ts';

const SECRET = 'merchant-secret';
const NOW = Date.UTC(2026, 0, 1);
const now = () => NOW;
const sigTime = NOW / 1000;

function signedCrmQuery(values: Record<string, string>, secret = SECRET): URLSearchParams {
  return new URLSearchParams({ ...values, sig: sign(values, secret) });
}

describe('reference CRM', () => {
  const options = { secret: SECRET, customers: SAMPLE_CUSTOMERS, now };

  it('answers a signed search, with a signature in any case', () => {
    const query = signedCrmQuery({ keyword: 'Tan', store_number: 'SG001', page: '1', count: '20', sig_time: String(sigTime) });
    const answer = answerCrmSearch(query, options);
    expect(answer.status).toBe(200);
    expect('body' in answer && JSON.parse(answer.body)).toMatchObject({ total: 2 });
    query.set('sig', query.get('sig')!.toUpperCase());
    expect(answerCrmSearch(query, options).status).toBe(200);
  });

  it('refuses a wrong secret, an added parameter and a stale sig_time before searching', () => {
    const values = { keyword: 'Tan', store_number: 'SG001', page: '1', count: '20', sig_time: String(sigTime) };
    expect(answerCrmSearch(signedCrmQuery(values, 'other'), options).status).toBe(401);
    const added = signedCrmQuery(values);
    added.set('count', '100');
    expect(answerCrmSearch(added, options).status).toBe(401);
    expect(answerCrmSearch(signedCrmQuery({ ...values, sig_time: String(sigTime - 301) }), options).status).toBe(401);
  });

  it('names each refusal with a platform code, so the servers can answer the envelope (D-039)', () => {
    const values = { keyword: 'Tan', store_number: 'SG001', page: '1', count: '20', sig_time: String(sigTime) };
    expect(answerCrmSearch(signedCrmQuery(values, 'other'), options)).toMatchObject({ status: 401, refused: { code: 46001 }, detail: 'bad signature' });
    expect(answerCrmSearch(signedCrmQuery({ ...values, sig_time: String(sigTime - 301) }), options)).toMatchObject({ status: 401, refused: { code: 46002 } });
    expect(answerCrmSearch(signedCrmQuery({ ...values, count: 'many' }), options)).toMatchObject({ status: 400, refused: { code: 400 }, detail: expect.stringMatching(/^query\.count: /) });
  });
});

describe('reference webhook receiver', () => {
  const event = (data: unknown, secret = SECRET) => {
    const body = { event_id: 'evt_1', data_type: 'test', action_type: 'test', sig_time: sigTime, data };
    return { ...body, sig: sign(pushSignParams(body), secret) };
  };

  it('answers exactly `success` once the event is handled, and drops a repeat', async () => {
    const handled: unknown[] = [];
    const receiver = new WebhookReceiver({ secret: SECRET, now, onEvent: (e) => void handled.push(e) });
    expect(await receiver.accept(event({ id: 'evt_1' }))).toMatchObject({ status: 200, body: 'success' });
    expect(await receiver.accept(event({ id: 'evt_1' }))).toMatchObject({ status: 200, body: 'success' });
    expect(handled).toHaveLength(1);
  });

  it('refuses a bad signature or changed data with 401, and answers 500 when handling fails', async () => {
    const receiver = new WebhookReceiver({ secret: SECRET, now, onEvent: () => { throw new Error('disk full'); } });
    expect((await receiver.accept(event({ id: 'evt_1' }, 'other'))).status).toBe(401);
    expect((await receiver.accept({ ...event({ id: 'evt_1' }), data: { id: 'evt_2' } })).status).toBe(401);
    expect((await receiver.accept(event({ id: 'evt_1' }))).status).toBe(500);
  });
});
