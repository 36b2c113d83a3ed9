import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestPlatform, type TestPlatform } from '../../helpers/platform.ts';

/** /healthz, /readyz and /metrics of a running instance on SQLite (D-053). */
describe('probes and metrics', () => {
  let test: TestPlatform;
  beforeAll(async () => {
    test = await startTestPlatform({ config: { analysisWorkers: 1 } });
  });
  afterAll(async () => {
    await test?.stop();
  });

  const get = (path: string) => fetch(`${test.platform.url}${path}`);

  it('answers /healthz and /readyz in the envelope, without a token', async () => {
    for (const [path, status] of [['/healthz', 'ok'], ['/readyz', 'ready']] as const) {
      const answer = await get(path);
      expect(answer.status).toBe(200);
      expect(await answer.json()).toMatchObject({ meta: { code: 0, request_uri: path }, response: { status } });
    }
  });

  it('exposes request latency by route pattern and status, queue depth, push backlog and tokens issued', async () => {
    const app = test.app('primary');
    const issued = await get(`/open_api/common/access_token?app_id=${app.app_id}&app_secret=${app.app_secret}`);
    expect((await issued.json()).meta.code).toBe(0);
    await get('/no/such/path');
    const answer = await get('/metrics');
    expect(answer.status).toBe(200);
    expect(answer.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/);
    const text = await answer.text();
    expect(text).toMatch(/platform_http_request_duration_seconds_count\{method="GET",route="\/open_api\/common\/access_token",status_code="200"\} 1\n/);
    expect(text).toMatch(/platform_http_request_duration_seconds_count\{method="GET",route="unmatched",status_code="404"\} 1\n/);
    expect(text).toContain('platform_tokens_issued_total 1\n');
    expect(text).toContain('platform_tasks{status="queued"} 0\n');
    expect(text).toContain('platform_tasks_active 0\n');
    expect(text).toContain('platform_tasks_waiting_for_storage 0\n');
    expect(text).toMatch(/platform_push_backlog \d+\n/);
    expect(text).toContain('# TYPE platform_task_duration_seconds histogram');
    expect(text).toMatch(/platform_analysis_workers_ready [01]\n/);
    expect(text).toContain('platform_process_cpu_seconds_total');
  });
});
