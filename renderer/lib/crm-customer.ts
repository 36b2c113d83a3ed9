import { brokenRules, CUSTOMER_LIMITS } from '../../common/kiosk/customer-rules.ts';
import { nationalDigits } from '../../common/kiosk/phone.ts';
import type { KioskInput, KioskOutput } from '../../main/kiosk-api/types.ts';

export type CrmCustomer = KioskOutput<'searchCustomers'>['crm'][number];
type CustomerInput = KioskInput<'registerCustomer'>['customer'];

/** The calling code a CRM record without a usable one is registered with (the form's default). */
const DEFAULT_CC = 65;

/**
 * The registration of a customer found in the merchant's CRM, whoever chose them (the customer
 * screen's staff search, the staff area). The CRM's data is not the customer's typing: what the
 * registration rules would refuse is made to fit or left unknown instead of failing the
 * registration with a field the customer never saw (D-130): a name cut to the form's length, a
 * number reduced to its national digits (common/kiosk/phone.ts), a gender outside the specification's three, and a number, an
 * e-mail address or a date of birth the rules refuse (no such day, a future one) left empty.
 */
export function customerInputOfCrm(crm: CrmCustomer): CustomerInput {
  const values = {
    name: crm.name.trim().slice(0, CUSTOMER_LIMITS.nameMax),
    phoneCc: String(crm.phoneCc),
    phoneNumber: nationalDigits(crm.phoneCc, crm.phoneNumber),
    email: (crm.email ?? '').trim(),
    birthday: crm.birthday ?? '',
  };
  const broken = new Set(brokenRules(values).map((rule) => rule.field));
  const numberUsable = !broken.has('phoneCc') && !broken.has('phoneNumber');
  return {
    name: values.name,
    gender: crm.gender === 1 || crm.gender === 2 ? crm.gender : 0,
    birthday: broken.has('birthday') ? '' : values.birthday,
    phoneCc: numberUsable ? crm.phoneCc : DEFAULT_CC,
    phoneNumber: numberUsable ? values.phoneNumber : '',
    email: broken.has('email') ? '' : values.email,
    customId: crm.customId,
  };
}
