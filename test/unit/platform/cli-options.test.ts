import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { optionLabelOfField, optionsTable, platformConfigFromCli } from '../../../platform/cli-options.ts';
import { parsePlatformConfig } from '../../../platform/config.ts';

/** Every platform option as a flag and as an environment variable (issue 14 items 4 and 5, D-053). */
describe('platform options', () => {
  it('takes the role and the queue limit, and refuses api and worker without PostgreSQL (D-073)', () => {
    expect(parsePlatformConfig(platformConfigFromCli([], {}))).toMatchObject({ role: 'all', maxQueuedTasksPerMerchant: 1000 });
    const worker = parsePlatformConfig(platformConfigFromCli(['--role', 'worker', '--database', 'postgres://db.internal/platform'], { PLATFORM_MAX_QUEUED_TASKS: '50' }));
    expect(worker).toMatchObject({ role: 'worker', maxQueuedTasksPerMerchant: 50 });
    expect(() => parsePlatformConfig(platformConfigFromCli([], { PLATFORM_ROLE: 'api' }))).toThrow(/role: roles api and worker need a PostgreSQL database/);
    expect(() => parsePlatformConfig(platformConfigFromCli(['--role', 'both'], {}))).toThrow(/role/);
  });

  it('reads every option from the environment', () => {
    const config = parsePlatformConfig(
      platformConfigFromCli([], {
        PLATFORM_PORT: '9090',
        PLATFORM_HOST: '0.0.0.0',
        PLATFORM_DATA: '/srv/platform',
        DATABASE_URL: 'postgres://db.internal/platform',
        PLATFORM_REGION: 'cn',
        PLATFORM_UPLOAD_METHOD: 'post',
        PLATFORM_WORKERS: '3',
        PLATFORM_ALLOW_CALLBACK_HOSTS: 'crm.lan:8443, hooks.lan:*',
        PLATFORM_LOG_LEVEL: 'error',
        PLATFORM_LOG_REQUESTS: 'true',
        PLATFORM_TOKEN_RATE_LIMIT: '0',
        PLATFORM_METRICS: 'off',
        PLATFORM_DEMO_TENANTS: 'false',
      }),
    );
    expect(config).toMatchObject({
      port: 9090,
      host: '0.0.0.0',
      dataDir: resolve('/srv/platform'),
      databaseUrl: 'postgres://db.internal/platform',
      region: 'cn',
      uploadMethod: 'POST',
      analysisWorkers: 3,
      allowedPrivateCallbackHosts: ['crm.lan:8443', 'hooks.lan:*'],
      logLevel: 'error',
      logRequests: true,
      tokenRateLimit: 0,
      metrics: false,
      demoTenants: false,
      demoMerchant: false,
    });
  });

  it('lets a flag win over its variable; repeated flags add up', () => {
    const input = platformConfigFromCli(
      ['--port', '7000', '--database', 'postgresql://other/db', '--allow-callback-host', 'a.lan:80', '--allow-callback-host', 'b.lan:81', '--upload-method', 'put', '--no-metrics', '--workers', '2', '--log-level', 'debug'],
      { PLATFORM_PORT: '9090', DATABASE_URL: 'postgres://db/platform', PLATFORM_METRICS: 'true', PLATFORM_UPLOAD_METHOD: 'post' },
    );
    expect(input).toMatchObject({
      port: 7000,
      databaseUrl: 'postgresql://other/db',
      allowedPrivateCallbackHosts: ['a.lan:80', 'b.lan:81'],
      uploadMethod: 'PUT',
      metrics: false,
      analysisWorkers: 2,
      logLevel: 'debug',
    });
  });

  it('keeps the defaults: per-request lines off, info level, SQLite in ./data', () => {
    const config = parsePlatformConfig(platformConfigFromCli([], {}));
    expect(config).toMatchObject({ port: 8080, dataDir: resolve('./data'), logLevel: 'info', logRequests: false, uploadMethod: 'PUT', tokenRateLimit: 300, demoTenants: true, demoMerchant: true });
    // Production turns the demo off with one flag: no demo tenants seeded, no demo merchant served (D-129).
    expect(parsePlatformConfig(platformConfigFromCli(['--no-demo-tenants'], {}))).toMatchObject({ demoTenants: false, demoMerchant: false });
    expect(config.databaseUrl).toBeUndefined();
  });

  it('names the flag or variable of a malformed value, and the config names a value out of range', () => {
    expect(() => platformConfigFromCli(['--port', 'eighty'], {})).toThrow('--port: "eighty" is not a whole number');
    expect(() => platformConfigFromCli([], { PLATFORM_WORKERS: 'many' })).toThrow('PLATFORM_WORKERS: "many" is not a whole number');
    expect(() => platformConfigFromCli([], { PLATFORM_LOG_LEVEL: 'silent' })).toThrow('PLATFORM_LOG_LEVEL: "silent" is not one of error, warn, info, debug, trace');
    expect(() => platformConfigFromCli(['--bogus'], {})).toThrow(/bogus/);
    expect(() => parsePlatformConfig(platformConfigFromCli(['--upload-method', 'patch'], {}))).toThrow('uploadMethod');
    expect(() => parsePlatformConfig(platformConfigFromCli([], { DATABASE_URL: 'mysql://x' }))).toThrow('databaseUrl');
    // The command line names the flag and the variable, as the operator typed them (D-128).
    expect(() => parsePlatformConfig(platformConfigFromCli(['--upload-method', 'patch'], {}), optionLabelOfField)).toThrow('--upload-method (PLATFORM_UPLOAD_METHOD): ');
    expect(() => parsePlatformConfig(platformConfigFromCli(['--objects', 'ftp://bucket'], {}), optionLabelOfField)).toThrow('--objects (PLATFORM_OBJECTS): ');
    expect(() => parsePlatformConfig(platformConfigFromCli([], { DATABASE_URL: 'mysql://x' }), optionLabelOfField)).toThrow('--database (DATABASE_URL): ');
    expect(optionLabelOfField('demoMerchant')).toBe('--demo-tenants (PLATFORM_DEMO_TENANTS)');
    expect(optionLabelOfField('pushPollMs')).toBeUndefined();
  });

  it('are all in the README table, as generated', () => {
    const readme = readFileSync(new URL('../../../README.md', import.meta.url), 'utf8');
    const section = /<!-- platform-options[^\n]*-->\n([\s\S]*?)\n<!-- \/platform-options -->/.exec(readme)?.[1];
    expect(section).toBe(optionsTable());
  });
});
