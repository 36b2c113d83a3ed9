import type { Region } from '../../protocol/regions.ts';

/** The demo tenancy seeded into an empty data directory. Credentials are generated per seed. */
export interface DemoStore {
  custom_id: string;
  name: string;
  business_type: 0 | 1 | 2;
  status: 1 | -1;
  province: string;
  city: string;
  address: string;
  accounts: { username: string; real_name: string; status: 1 | -1; manager?: boolean }[];
}

export interface DemoMerchant {
  key: string;
  name: string;
  area: string;
  region: Region;
  multi_account: boolean;
  default_lang: string;
  lang_list: string[];
  areas: { name: string; remark: string }[];
  stores: DemoStore[];
}

export const DEMO_GROUP_NAME = 'Demo Beauty Group';

/** A password that meets the specification's rule, shared by the seeded demo accounts. */
export const DEMO_ACCOUNT_PASSWORD = 'Demo#2026pass';

export const DEMO_MERCHANTS: readonly DemoMerchant[] = [
  {
    key: 'primary',
    name: 'Lumen Skin Studio',
    area: 'Singapore, Malaysia',
    region: 'overseas',
    multi_account: true,
    default_lang: 'en',
    lang_list: ['en', 'zh-Hans', 'ar'],
    areas: [
      { name: 'Singapore', remark: 'Head office region' },
      { name: 'Malaysia', remark: '' },
    ],
    stores: [
      {
        custom_id: 'SG001', name: 'Orchard Flagship', business_type: 2, status: 1, province: 'Singapore', city: 'Singapore', address: '2 Orchard Turn',
        accounts: [
          { username: 'orchard_manager', real_name: 'Mei', status: 1, manager: true },
          { username: 'orchard_staff', real_name: 'Arun', status: 1 },
          { username: 'orchard_former', real_name: 'Lina', status: -1 },
        ],
      },
      {
        custom_id: 'SG002', name: 'Tampines Counter', business_type: 1, status: 1, province: 'Singapore', city: 'Singapore', address: '4 Tampines Central 5',
        accounts: [{ username: 'tampines_manager', real_name: 'Wei', status: 1, manager: true }],
      },
      {
        custom_id: 'MY001', name: 'Kuala Lumpur Kiosk', business_type: 0, status: 1, province: 'Kuala Lumpur', city: 'Kuala Lumpur', address: '168 Jalan Bukit Bintang',
        accounts: [{ username: 'kl_manager', real_name: 'Aisyah', status: 1, manager: true }],
      },
      {
        custom_id: 'SG009', name: 'Jurong Closed Store', business_type: 1, status: -1, province: 'Singapore', city: 'Singapore', address: '1 Jurong West Central 2',
        accounts: [{ username: 'jurong_manager', real_name: 'Tan', status: -1, manager: true }],
      },
    ],
  },
  {
    // A second merchant of the same group, to prove tenant isolation; multi-account is off.
    key: 'second',
    name: 'Harbour Derma Bar',
    area: 'Hong Kong',
    region: 'overseas',
    multi_account: false,
    default_lang: 'zh-Hant-HK',
    lang_list: ['zh-Hant-HK', 'en'],
    areas: [{ name: 'Hong Kong', remark: '' }],
    stores: [
      {
        custom_id: 'HK001', name: 'Central Bar', business_type: 2, status: 1, province: 'Hong Kong', city: 'Hong Kong', address: '88 Queensway',
        accounts: [{ username: 'central_manager', real_name: 'Ka Yan', status: 1, manager: true }],
      },
    ],
  },
  {
    // A merchant of the mainland region, for the 44099 region checks.
    key: 'mainland',
    name: 'Shanghai Skin Lab',
    area: 'Mainland China',
    region: 'cn',
    multi_account: true,
    default_lang: 'zh-Hans',
    lang_list: ['zh-Hans', 'en'],
    areas: [{ name: 'Shanghai', remark: '' }],
    stores: [
      {
        custom_id: 'SH001', name: 'Jing An Store', business_type: 2, status: 1, province: 'Shanghai', city: 'Shanghai', address: '1266 West Nanjing Road',
        accounts: [{ username: 'jingan_manager', real_name: 'Li', status: 1, manager: true }],
      },
    ],
  },
];
