import type { ReportPage } from '../../protocol/device-sync/shared-links.ts';
import { levelName } from '../../protocol/enums/dimensions.ts';
import type { ReportDimension, ReportItem, ReportItemDeviceV, ReportItemSdk, ViewImages } from '../../protocol/report-data/report-items.ts';
import type { UserItem } from '../../protocol/report-data/user-item.ts';
import type { NotMeasured, SkinResult } from '../../protocol/skin-api/task-result.ts';
import { OUTPUT_PATH } from '../skin-api/task-presenter.ts';
import type { ReportRow, UserRow } from './report-repository.ts';

/** Turns an object-store key into an address: a signed link, or a placeholder in a push snapshot. */
export type FileUrl = (objectKey: string) => string;

function seconds(ms: number): number {
  return Math.floor(ms / 1000);
}

function jsonArray(text: string): string[] {
  const value: unknown = JSON.parse(text);
  return Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : [];
}

/** The user item (specification: User item) of a stored customer. */
export function userItemOf(row: UserRow): UserItem {
  return {
    id: row.user_no,
    custom_id: row.custom_id,
    merchant_id: row.merchant_id,
    account_id: row.account_id,
    name: row.name,
    gender: row.gender,
    // decision D-041: an unknown birthday (stored as '') is left out, never sent as ''.
    ...(row.birthday === '' ? {} : { birthday: row.birthday }),
    phone_cc: row.phone_cc,
    phone_number: row.phone_number,
    email: row.email,
    marital_status: row.marital_status,
    has_baby: row.has_baby,
    has_beauty: row.has_beauty,
    is_irritability: row.is_irritability,
    target: JSON.parse(row.target) as UserItem['target'],
    store_id: row.store_id,
    store_custom_id: row.store_custom_id,
    created_at: seconds(row.created_at),
    agree_clause_ids: jsonArray(row.agree_clause_ids),
    reject_clause_ids: jsonArray(row.reject_clause_ids),
  };
}

/**
 * The data of a user event as stored. Events recorded before decision D-041 hold `birthday: ''`
 * in their snapshot; a delivery or redelivery of one leaves it out like userItemOf does.
 */
export function storedUserEventData(data: unknown): unknown {
  if (typeof data !== 'object' || data === null || (data as { birthday?: unknown }).birthday !== '') return data;
  const { birthday: _unknown, ...rest } = data as Record<string, unknown>;
  return rest;
}

/**
 * A stored result as written: checked against skinResultSchema when the report was stored, but
 * rows stored before D-033 have no `not_measured` (the schema's input type says so).
 */
type StoredResult = Omit<SkinResult, 'not_measured'> & { not_measured?: NotMeasured[] };

/** The stored result with English level names and annotation files as addresses. */
function findings(row: ReportRow, fileUrl: FileUrl) {
  // Checked when the report was stored; pages of 500 need no re-check.
  const result = JSON.parse(row.result) as StoredResult;
  const marker = `${OUTPUT_PATH}/`;
  const dimensions: ReportDimension[] = result.dimensions.map((d) => ({
    ...d,
    level_name: levelName(d.dimension, d.level) ?? '',
    annotations: d.annotations.map((a) => ({ ...a, url: a.url.startsWith(marker) ? fileUrl(a.url.slice(marker.length)) : a.url })),
  }));
  // D-033: reports stored before it measured everything they list.
  const notMeasured: NotMeasured[] = result.not_measured ?? [];
  return { result, dimensions, notMeasured };
}

/** Image key -> address; the keys are the source type's (device_v keys, or front_image...). */
function imagesOf(row: ReportRow, fileUrl: FileUrl): Record<string, string> {
  const keys = JSON.parse(row.images) as Record<string, string>;
  return Object.fromEntries(Object.entries(keys).map(([imageKey, objectKey]) => [imageKey, fileUrl(objectKey)]));
}

function viewImagesOf(row: ReportRow, fileUrl: FileUrl): ViewImages {
  const { front_image: front = '', ...sides } = imagesOf(row, fileUrl);
  return { front_image: front, ...(sides['left_image'] ? { left_image: sides['left_image'] } : {}), ...(sides['right_image'] ? { right_image: sides['right_image'] } : {}) };
}

/**
 * The report item of a stored report (specification: Report items; decisions D-023, R-020).
 * The kiosk's device sync stores device20 (multi-light) and pad (single camera) reports; the
 * other source types have their schemas in protocol/ but no way in yet.
 */
export function reportItemOf(row: ReportRow, fileUrl: FileUrl, reportUrl: string): ReportItem {
  const { result, dimensions, notMeasured } = findings(row, fileUrl);
  const base = {
    id: row.report_no,
    merchant_id: row.merchant_id,
    store_id: row.store_id,
    store_custom_id: row.store_custom_id,
    user_id: row.user_no,
    user_custom_id: row.user_custom_id,
    account_id: row.account_id,
    created_at: seconds(row.created_at),
    dimensions,
    overall_score: result.overall_score,
    ...(result.skin_age === undefined ? {} : { skin_age: result.skin_age }),
    not_measured: notMeasured,
    report_url: reportUrl,
  };
  if (row.source_type === 'pad') {
    const item: ReportItemSdk = {
      ...base,
      source_type: 'pad',
      task_id: row.task_id ?? '',
      api_code: 'online_skin',
      algorithm_variant: row.algorithm_variant === 'all_race' || row.algorithm_variant === 'all_race_v2' ? row.algorithm_variant : 'standard',
      images: viewImagesOf(row, fileUrl),
      mask_format: result.mask_format,
      app_id: row.app_id,
      device_sn: row.device_sn,
    };
    return item;
  }
  if (row.source_type !== 'device20') throw new Error(`reports of source_type ${row.source_type} are not stored by this platform`);
  return {
    ...base,
    source_type: 'device20',
    task_id: row.task_id ?? '',
    api_code: 'device_v',
    algorithm_variant: row.algorithm_variant === 'partition' ? 'partition' : 'standard',
    light_sources: JSON.parse(row.light_sources) as ReportItemDeviceV['light_sources'],
    images: imagesOf(row, fileUrl) as ReportItemDeviceV['images'],
    mask_format: result.mask_format,
    device_sn: row.device_sn,
  };
}

/** The customer's page: the analysis without personal data (shared-links.ts); the routine is the report's (routine.ts). */
export function reportPageOf(row: ReportRow, names: { merchant: string; store: string }, fileUrl: FileUrl, routine: ReportPage['routine']): ReportPage {
  const { result, dimensions, notMeasured } = findings(row, fileUrl);
  return {
    report_id: row.report_no,
    source_type: row.source_type,
    merchant_name: names.merchant,
    store_name: names.store,
    created_at: seconds(row.created_at),
    dimensions,
    not_measured: notMeasured,
    overall_score: result.overall_score,
    ...(result.skin_age === undefined ? {} : { skin_age: result.skin_age }),
    images: imagesOf(row, fileUrl),
    expires_at: row.page_expires_at,
    routine,
  };
}
