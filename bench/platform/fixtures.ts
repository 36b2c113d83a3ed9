import { randomBytes } from 'node:crypto';
import { DIMENSION_IDS } from '../../protocol/enums/dimensions.ts';
import type { SkinResult } from '../../protocol/skin-api/task-result.ts';
import type { PlatformServices } from '../../platform/services.ts';

/** A device_v result of the size a real one has: every dimension, an annotation per view. */
function fullSkinResult(taskId: string): SkinResult {
  const views = ['front', 'left', 'right'] as const;
  return {
    type: 'skin',
    dimensions: DIMENSION_IDS.map((dimension, i) => ({
      dimension, level: i % 3, score: 60 + (i % 40), confidence: 0.85,
      annotations: views.map((view) => ({ view, light: 'white' as const, format: 'annotation_image' as const, url: `/skin_api/file/output/${taskId}-${dimension}_${view}.png` })),
    })),
    overall_score: 78.5,
    skin_age: 31,
    mask_format: 'annotation_image',
    not_measured: [],
    capture: { px_per_mm: 11.2, effective_px_per_mm: 10.4 },
  };
}

/**
 * A finished task of the merchant, written straight to its table (no analysis run), in the
 * portable SQL so it works on either backend.
 */
export async function finishedSkinTask(services: PlatformServices, merchantId: number): Promise<string> {
  const taskId = `t${randomBytes(14).toString('hex')}`;
  const order = await services.sql.one<{ id: number }>('SELECT id FROM skin_orders WHERE merchant_id = ? ORDER BY id', [merchantId]);
  if (!order) throw new Error(`merchant ${merchantId} has no order`);
  const now = services.clock.now();
  const request = { api_code: 'device_v', algorithm_variant: 'standard', resources: {}, view_count: 3, light_sources: ['white'], dimension_codes: [], output_options: null };
  await services.sql.run(
    `INSERT INTO tasks (id, merchant_id, app_id, order_id, api_code, algorithm_variant, request, status, attempts, request_hash, result, created_at, updated_at, finished_at)
     VALUES (?, ?, 'bench', ?, 'device_v', 'standard', ?, 'succeeded', 1, 'bench', ?, ?, ?, ?)`,
    [taskId, merchantId, order.id, JSON.stringify(request), JSON.stringify(fullSkinResult(taskId)), now, now, now],
  );
  return taskId;
}
