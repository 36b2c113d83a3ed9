import { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { unstorableTextPath } from '../../../platform/http/storable-text.ts';

/** The walk behind D-103: which string of a request part no store keeps as sent, named by its path. */
describe('unstorableTextPath', () => {
  it('names the first value or key holding U+0000 or an unpaired surrogate, in document order', () => {
    expect(unstorableTextPath({ a: 'ok', list: [{ name: 'fine' }, { name: 'x\u0000' }], z: '\ud800' })).toBe('list.1.name');
    expect(unstorableTextPath({ problem: { 'po\u0000re': [1] } })).toBe('problem.po\u0000re');
    expect(unstorableTextPath({ tail: '\udc00' })).toBe('tail');
    expect(unstorableTextPath('\u0000')).toBe('');
  });

  it('passes surrogate pairs, other control characters, numbers and empty parts', () => {
    expect(unstorableTextPath({ name: 'Store \u{1F600}', note: 'tab\tnewline\n\u0001', n: 1, b: true, none: null, list: [] })).toBeUndefined();
    expect(unstorableTextPath(undefined)).toBeUndefined();
  });

  it('reads the objects the query and path parsers make (an empty prototype without one of its own)', () => {
    const parsed = Object.create(Object.create(null) as object) as Record<string, string>;
    parsed['task_id'] = '\u0000abc';
    expect(unstorableTextPath(parsed)).toBe('task_id');
  });

  it('leaves stream and Buffer bodies alone: an upload is no text', () => {
    expect(unstorableTextPath(Buffer.from([0, 0xd8, 0]))).toBeUndefined();
    expect(unstorableTextPath(Readable.from(['\u0000']))).toBeUndefined();
  });

  it('walks nesting deeper than the call stack without overflowing', () => {
    let deep: unknown = '\u0000';
    for (let i = 0; i < 100_000; i += 1) deep = [deep];
    expect(unstorableTextPath(deep)).toBe(Array.from({ length: 100_000 }, () => '0').join('.'));
  });
});
