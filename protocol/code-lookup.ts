import { Codes, type CodeInfo } from './codes.ts';
import { TaskCodes } from './skin-api/task-codes.ts';
import { UploadCodes } from './skin-api/upload-codes.ts';
import { ReportDataCodes } from './report-data/codes.ts';
import { DeviceSyncCodes } from './device-sync/codes.ts';
import { OpsCodes } from './ops-codes.ts';

const byNumber = new Map<number, CodeInfo>();
for (const info of [...Object.values(Codes), ...Object.values(TaskCodes), ...Object.values(UploadCodes), ...Object.values(ReportDataCodes), ...Object.values(DeviceSyncCodes), ...Object.values(OpsCodes)]) {
  // 11028 has two meanings; the first registered (store number exists) is the generic text.
  if (!byNumber.has(info.code)) byNumber.set(info.code, info);
}

/** The meaning of a numeric meta.code, for logs and the technician's screens. */
export function describeCode(value: number): CodeInfo | undefined {
  return byNumber.get(value);
}
