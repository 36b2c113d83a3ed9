import { describe, expect, it } from 'vitest';
import { BoundedCache } from '../../../platform/bounded-cache.ts';
import { RawJson, rawJsonOf, stringifyReply } from '../../../platform/http/raw-json.ts';
import { answerPoll, answerTask, presentTask } from '../../../platform/skin-api/task-presenter.ts';
import type { TaskRow } from '../../../platform/skin-api/task-repository.ts';

describe('answers kept serialised (D-054)', () => {
  it('writes what JSON.stringify writes when nothing is kept serialised', () => {
    const values: unknown[] = [{ a: 1, b: [true, null, 'x\u0000y'], c: { d: 'é"\\' } }, 'text', 3.5, null, [], { u: undefined }];
    for (const value of values) expect(stringifyReply(value)).toBe(JSON.stringify(value));
  });

  it('splices kept texts in where they stand, at any depth and more than once', () => {
    const kept = new RawJson<{ a: number[] }>('{"a":[1,2]}');
    const text = stringifyReply({ meta: { code: 0 }, response: kept, list: [kept, { inner: kept }] });
    expect(text).toBe('{"meta":{"code":0},"response":{"a":[1,2]},"list":[{"a":[1,2]},{"inner":{"a":[1,2]}}]}');
  });

  it('leaves strings of the answer alone, even ones shaped like its markers', () => {
    const sneaky = { s: '\u0000abcdef:0', t: '"\\u0000abcdef:0"' };
    expect(stringifyReply({ sneaky, kept: new RawJson('1') })).toBe(JSON.stringify({ sneaky, kept: 1 }));
  });

  it('serialises to the same text through plain JSON.stringify, only slower', () => {
    const kept = rawJsonOf({ z: [1, 'two'], nested: new RawJson('{"n":true}') });
    expect(kept.json).toBe('{"z":[1,"two"],"nested":{"n":true}}');
    expect(JSON.stringify({ kept })).toBe('{"kept":{"z":[1,"two"],"nested":{"n":true}}}');
  });
});

describe('bounded cache (D-054)', () => {
  it('keeps the most recently used entries up to its capacity', () => {
    const cache = new BoundedCache<string, { v: number }>(2);
    cache.set('a', { v: 1 });
    cache.set('b', { v: 2 });
    expect(cache.get('a')).toEqual({ v: 1 });
    cache.set('c', { v: 3 });
    expect(cache.get('b')).toBeUndefined();
    expect(cache.get('a')).toEqual({ v: 1 });
    expect(cache.size).toBe(2);
    expect(cache.getOrMake('d', () => ({ v: 4 }))).toEqual({ v: 4 });
    expect(cache.getOrMake('d', () => ({ v: 5 }))).toEqual({ v: 4 });
  });

  it('freezes what it keeps, so one answer cannot change another', () => {
    const cache = new BoundedCache<string, { list: { v: number }[] }>(4);
    const value = cache.set('a', { list: [{ v: 1 }] });
    expect(() => {
      (value.list[0] as { v: number }).v = 2;
    }).toThrow(TypeError);
  });
});

describe('the answer of a succeeded task poll (D-054, D-071)', () => {
  const result = {
    type: 'skin', overall_score: 80, mask_format: 'annotation_image', not_measured: [],
    dimensions: [{ dimension: 'pore', level: 1, score: 80, confidence: 0.9, annotations: [{ view: 'front', light: 'white', format: 'annotation_image', url: '/skin_api/file/output/k.png' }] }],
  };
  const row: TaskRow = {
    id: 'tfastreads', merchant_id: 1, app_id: 'test', api_code: 'device_v', algorithm_variant: 'standard', request: '{}', status: 'succeeded', attempts: 1,
    result: JSON.stringify(result), error_code: null, error_msg: null, created_at: 1_700_000_000_000, updated_at: 1_700_000_005_000, finished_at: 1_700_000_005_000,
  };
  const { request: _request, result: _result, ...status } = row;
  const reads: string[] = [];
  const readResult = (r: TaskRow) => async () => {
    reads.push(r.id);
    return r.result;
  };
  const answered = async (r: TaskRow, base: string) => JSON.parse(stringifyReply(await answerTask({ ...status, ...r }, base, readResult(r)))) as unknown;

  it('is the presented task, made once and served again without reading the result', async () => {
    reads.length = 0;
    expect(await answered(row, 'http://a.example')).toEqual(presentTask(row, 'http://a.example'));
    expect(await answerTask({ ...status }, 'http://a.example', readResult(row))).toBe(await answerTask(status, 'http://a.example', readResult(row)));
    expect(reads).toEqual(['tfastreads']);
  });

  it('is made anew for another base address or another task', async () => {
    expect(JSON.stringify(await answered(row, 'http://b.example'))).toContain('"url":"http://b.example/skin_api/file/output/k.png"');
    const other = { ...row, id: 'tother', result: JSON.stringify({ ...result, overall_score: 50 }) };
    expect(await answered(other, 'http://a.example')).toEqual(presentTask(other, 'http://a.example'));
  });

  it('is not kept for a task still running or failed, and reads no result for it', async () => {
    reads.length = 0;
    const running = { ...row, status: 'running' as const, result: null };
    expect(await answerTask(running, 'http://a.example', readResult(running))).toEqual(presentTask(running, 'http://a.example'));
    expect(await answerTask(running, 'http://a.example', readResult(running))).not.toBeInstanceOf(RawJson);
    expect(reads).toEqual([]);
  });
});

describe('a poll of a succeeded task (D-071)', () => {
  const row = {
    id: 'tpoll', merchant_id: 1, app_id: 'test', api_code: 'device_v', algorithm_variant: 'standard', status: 'succeeded' as const, attempts: 1,
    error_code: null, error_msg: null, created_at: 1_700_000_000_000, updated_at: 1_700_000_005_000, finished_at: 1_700_000_005_000,
  };
  const result = JSON.stringify({ type: 'skin', overall_score: 80, mask_format: 'annotation_image', not_measured: [], dimensions: [] });

  it('reads the task once, then answers from memory for the same merchant and address only', async () => {
    let polls = 0;
    const poll = async () => {
      polls++;
      return { row, readResult: async () => result };
    };
    const first = await answerPoll(1, 'tpoll', 'http://a.example', poll);
    expect(await answerPoll(1, 'tpoll', 'http://a.example', poll)).toBe(first);
    expect(polls).toBe(1);
    await answerPoll(2, 'tpoll', 'http://a.example', poll);
    await answerPoll(1, 'tpoll', 'http://b.example', poll);
    expect(polls).toBe(3);
  });

  it('reads a task that has not succeeded on every poll', async () => {
    let polls = 0;
    const poll = async () => {
      polls++;
      return { row: { ...row, id: 'trun', status: 'running' as const, finished_at: null }, readResult: async () => null };
    };
    await answerPoll(1, 'trun', 'http://a.example', poll);
    await answerPoll(1, 'trun', 'http://a.example', poll);
    expect(polls).toBe(2);
  });
});
