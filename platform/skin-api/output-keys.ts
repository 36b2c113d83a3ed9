import { OUTPUT_PATH } from './task-presenter.ts';

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
