import { parseArgs } from 'node:util';
import { describe, expect, it } from 'vitest';
import { bindSecretValues } from '../../../protocol/secret-arguments.ts';

const options = { 'app-secret': { type: 'string' }, 'app-id': { type: 'string' }, json: { type: 'boolean' } } as const;

describe('secret command-line values', () => {
  it('parses a secret that starts with "-", which parseArgs alone refuses as ambiguous', () => {
    const argv = ['--app-id', 'app_1', '--app-secret', '-Zq3_x', '--json'];
    expect(() => parseArgs({ args: argv, options, strict: true })).toThrow(/ambiguous/);
    const { values } = parseArgs({ args: bindSecretValues(argv, ['app-secret']), options, strict: true });
    expect(values).toEqual({ 'app-id': 'app_1', 'app-secret': '-Zq3_x', json: true });
  });

  it('takes "--" and option-like words as the secret too, and leaves other options alone', () => {
    expect(bindSecretValues(['--app-secret', '--json', '--app-id', '-a'], ['app-secret'])).toEqual(['--app-secret=--json', '--app-id', '-a']);
    expect(bindSecretValues(['--app-secret=-kept', '--json'], ['app-secret'])).toEqual(['--app-secret=-kept', '--json']);
  });

  it('leaves a trailing secret option without value for parseArgs to report', () => {
    const argv = bindSecretValues(['--json', '--app-secret'], ['app-secret']);
    expect(argv).toEqual(['--json', '--app-secret']);
    expect(() => parseArgs({ args: argv, options, strict: true })).toThrow(/argument missing/);
  });
});
