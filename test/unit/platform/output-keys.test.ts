/**
 * Output keys carry their day (D-142) and name the task that wrote them (D-138), so the orphan
 * sweep lists recent days only and judges an output by its task's row; keys written before carry
 * neither and are served as before; resource keys and other names are no output's.
 */
import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { dayOfKey } from '../../../platform/objects/dated-keys.ts';
import { newOutputKey, outputKeys, outputMime, outputTaskId } from '../../../platform/skin-api/output-keys.ts';
import { OUTPUT_PATH } from '../../../platform/skin-api/task-presenter.ts';
import { RESOURCE_KEY } from '../../../platform/skin-api/upload-service.ts';

const hex = () => randomBytes(16).toString('hex');

describe('output keys', () => {
  it('carry their day and the task that wrote them, after 128 random bits, and are told apart from resource keys', () => {
    const taskId = `${Date.now().toString(36).padStart(9, '0')}${randomBytes(10).toString('hex')}`;
    const now = Date.UTC(2026, 11, 7, 23, 59);
    const key = newOutputKey(taskId, 'pore-front.png', now);
    expect(key).toMatch(/^[0-9a-f]-20261207-[0-9a-f]{32}\./);
    expect(dayOfKey(key)).toBe('20261207');
    expect(newOutputKey(taskId, 'pore-front.png', now)).not.toBe(key);
    expect(outputTaskId(key)).toBe(taskId);
    expect(outputMime(key)).toBe('image/png');
    expect(RESOURCE_KEY.test(key)).toBe(false);
  });

  it('written before D-142 carry no day, before D-138 no task either, and are still served', () => {
    const beforeDays = `${hex()}.t1abc-acne-front.jpg`;
    expect(outputTaskId(beforeDays)).toBe('t1abc');
    expect(dayOfKey(beforeDays)).toBeNull();
    const beforeTasks = `${hex()}-acne-front.jpg`;
    expect(outputTaskId(beforeTasks)).toBeNull();
    expect(outputMime(beforeTasks)).toBe('image/jpeg');
  });

  it('other objects are no output: uploads, other names, unknown types', () => {
    for (const key of [`${hex()}.jpg`, `3-20261207-${hex()}.jpg`, 'notes.txt', `${hex()}.task-pore.exe`, `${hex().slice(1)}-pore.png`, `../${hex()}-pore.png`, `g-20261207-${hex()}.t1-pore.png`]) {
      expect(outputTaskId(key), key).toBeNull();
      expect(outputMime(key), key).toBeUndefined();
    }
  });

  it('are read back from a stored result wherever it names them', () => {
    const a = newOutputKey('t1', 'pore-front.png', Date.now());
    const b = `${hex()}-acne-front.json`;
    const result = JSON.stringify({ dimensions: [{ annotations: [{ url: `${OUTPUT_PATH}/${a}` }] }], files: { acne: `${OUTPUT_PATH}/${b}` }, other: '/skin_api/file/resource/x.jpg' });
    expect(outputKeys(result).sort()).toEqual([a, b].sort());
    expect(outputKeys(null)).toEqual([]);
  });
});
