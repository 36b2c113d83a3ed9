import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { collapse, cycles, importGraph, sourceFiles } from '../../helpers/import-graph.ts';

const PLATFORM = join(import.meta.dirname, '../../../platform');

/** A file's top folder under platform/ (skin-api, routes, ...); a file at the top is its own unit. */
const folderOf = (file: string): string => (file.includes('/') ? file.slice(0, file.indexOf('/')) : file);

describe('platform import graph', () => {
  const graph = importGraph(sourceFiles(PLATFORM), PLATFORM);

  it('reads the imports of the real sources, type-only ones included', () => {
    expect(graph.get('app.ts')).toContain('routes/route-kit.ts');
    // A type-only import: services.ts composes the report-data services.
    expect(graph.get('routes/report-data/device-routes.ts')).toContain('report-data/index.ts');
  });

  it('has no import cycle between files', () => {
    expect(cycles(graph)).toEqual([]);
  });

  it('has no cycle between its folders: the dependency direction reads one way (routes -> services -> analysis -> skin-api -> http)', () => {
    expect(cycles(collapse(graph, folderOf))).toEqual([]);
  });
});

describe('cycle finder', () => {
  it('finds a circle through folders that no single file closes', () => {
    const graph = new Map([
      ['skin-api/task-service.ts', ['analysis/resource-address.ts']],
      ['analysis/resource-address.ts', []],
      ['analysis/dispatcher.ts', ['skin-api/upload-service.ts']],
      ['skin-api/upload-service.ts', []],
    ]);
    expect(cycles(graph)).toEqual([]);
    expect(cycles(collapse(graph, folderOf))).toEqual([['analysis', 'skin-api']]);
  });

  it('finds a file cycle and leaves out what only leads into it', () => {
    const graph = new Map([
      ['services.ts', ['report-data/index.ts']],
      ['report-data/index.ts', ['report-data/device-routes.ts']],
      ['report-data/device-routes.ts', ['services.ts']],
      ['app.ts', ['services.ts']],
    ]);
    expect(cycles(graph)).toEqual([['report-data/device-routes.ts', 'report-data/index.ts', 'services.ts']]);
  });
});
