import { isBirthday } from '../../common/kiosk/customer-rules.ts';
import type { KioskInput, KioskOutput } from '../../main/kiosk-api/types.ts';

export type CrmCustomer = KioskOutput<'searchCustomers'>['crm'][number];
type CustomerInput = KioskInput<'registerCustomer'>['customer'];

/**
 * The registration of a customer found in the merchant's CRM, whoever chose them (the customer
 * screen's staff search, the staff area). A CRM's gender outside the specification's three and
 * a date of birth the form would refuse (no such day, a future one) are left unknown rather than
 * failing the registration: they are the CRM's data, not the customer's typing (D-130).
 */
export function customerInputOfCrm(crm: CrmCustomer): CustomerInput {
  return {
    name: crm.name,
    gender: crm.gender === 1 || crm.gender === 2 ? crm.gender : 0,
    birthday: crm.birthday !== undefined && isBirthday(crm.birthday) ? crm.birthday : '',
    phoneCc: crm.phoneCc,
    phoneNumber: crm.phoneNumber,
    email: crm.email ?? '',
    customId: crm.customId,
  };
}
