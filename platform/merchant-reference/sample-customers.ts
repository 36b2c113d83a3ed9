import type { CustomerRecord } from '../../protocol/report-data/crm.ts';

/** Fictional customers of the demo CRM, so CRM search answers something out of the box. */
export const SAMPLE_CUSTOMERS: readonly CustomerRecord[] = [
  { custom_id: 'C1001', name: 'Tan Mei Ling', gender: 2, birthday: '1991-04-12', phone_cc: 65, phone_number: '91234567', email: 'meiling.tan@example.com', marital_status: 1, has_baby: 1 },
  { custom_id: 'C1002', name: 'Arjun Nair', gender: 1, birthday: '1987-11-02', phone_cc: 65, phone_number: '98765432', email: 'arjun.nair@example.com' },
  { custom_id: 'C1003', name: 'Nur Aisyah binti Rahman', gender: 2, birthday: '1995-07-30', phone_cc: 60, phone_number: '123456789', has_beauty: 0, is_irritability: 1 },
  { custom_id: 'C1004', name: 'Chen Jing', gender: 2, phone_cc: 86, phone_number: '13800138000', email: 'chen.jing@example.com' },
  { custom_id: 'C1005', name: 'Lim Wei Jie', gender: 1, birthday: '2000-01-20', phone_cc: 65, phone_number: '81112222' },
  { custom_id: 'C1006', name: 'Siti Mei Tan', gender: 2, birthday: '1979-03-08', phone_cc: 65, phone_number: '90001111', email: 'siti.tan@example.com', marital_status: 0, has_baby: 0, has_beauty: 1, is_irritability: 0 },
];
