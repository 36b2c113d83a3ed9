import { randomBytes } from 'node:crypto';
import { datedKey } from '../objects/dated-keys.ts';
import { OUTPUT_PATH } from './task-presenter.ts';

/**
 * An analysis output's object key: its list partition and day (D-142), 128 random bits (the
 * address is the capability: the output route serves any key it is given), then the task that
 * wrote it, then the file's name. The task in the key is what lets the orphan sweep find an
 * output that no stored result names (an attempt killed, refused or failed after writing it;
 * D-138). Keys written before D-142 have no partition and day, those before D-138 no task either:
 * `<32 hex>-<name>`. Only the types outputs are written in match.
 */
export const OUTPUT_KEY = /^(?:[0-9a-f]-\d{8}-)?[0-9a-f]{32}(?:-|\.(?<task>[0-9a-z]{1,40})-)[\w.-]*\.(?<type>png|jpg|json)$/;

/** Analysis outputs are annotation images and annotation JSON documents. */
const OUTPUT_MIME: Readonly<Record<string, string>> = { png: 'image/png', jpg: 'image/jpeg', json: 'application/json' };

/** A fresh key for the file `fileName` task `taskId` writes at `now`. */
export function newOutputKey(taskId: string, fileName: string, now: number): string {
  return datedKey(now, `${randomBytes(16).toString('hex')}.${taskId}-${fileName}`);
}

/** The media type an output is served with, by its extension; undefined when the key is no output's. */
export function outputMime(key: string): string | undefined {
  const type = OUTPUT_KEY.exec(key)?.groups?.type;
  return type === undefined ? undefined : OUTPUT_MIME[type];
}

/** The task that wrote an output, from its key; null for keys of no task (written before D-138) and for other objects. */
export function outputTaskId(key: string): string | null {
  return OUTPUT_KEY.exec(key)?.groups?.task ?? null;
}

/**
 * Object keys of the analysis outputs a stored task or report result names
 * (`/skin_api/file/output/<key>`, anywhere in the JSON): the files a deletion removes with it.
 */
export function outputKeys(resultJson: string | null): string[] {
  if (!resultJson) return [];
  const marker = `${OUTPUT_PATH}/`;
  const keys: string[] = [];
  const walk = (value: unknown): void => {
    if (typeof value === 'string') {
      if (value.startsWith(marker)) keys.push(value.slice(marker.length));
    } else if (Array.isArray(value)) value.forEach(walk);
    else if (value !== null && typeof value === 'object') Object.values(value).forEach(walk);
  };
  walk(JSON.parse(resultJson));
  return keys;
}

/** Every file a stored report names: its images (upload keys) and the outputs its result names. */
export function reportFileKeys(report: { readonly images: string; readonly result: string | null }): string[] {
  return [...Object.values(JSON.parse(report.images) as Record<string, string>), ...outputKeys(report.result)];
}
