import type { MeterType } from '../../src/contract/setup/equipment-types';
import type { StoreVariant } from '../../src/contract/setup/stores';

/** Fixed master data of the demo accounts; demo-fleet.ts generates the rest from a seeded PRNG. */
export interface DemoStore {
  code: string;
  name: string;
  variant: StoreVariant;
  address: string;
  lat: number;
  lng: number;
}
export interface DemoTank {
  store: string;
  product: string;
  code: string;
  capacity: number;
  probe?: string;
}
export interface DemoType {
  code: string;
  make: string;
  model: string;
  tank: number;
  meter: MeterType;
  consumption: number;
  fuel: 'DSL50' | 'ULP95';
}

export interface DemoAccountSetup {
  timezone: string;
  stores: DemoStore[];
  products: {
    code: string;
    name: string;
    kind: 'fuel' | 'other';
    price: number;
    fuelGroup: 'gasoline' | 'diesel' | 'lubricant' | 'other';
    density15: number;
  }[];
  tanks: DemoTank[];
  costCentres: [string, string][];
  types: DemoType[];
  equipment: number;
  employees: number;
  fleetPrefix: string;
  regSuffix: string;
  employeeStart: number;
}

const PRODUCTS: DemoAccountSetup['products'] = [
  { code: 'DSL50', name: 'Diesel 50ppm', kind: 'fuel', price: 21.45, fuelGroup: 'diesel', density15: 845.0 },
  { code: 'ULP95', name: 'ULP 95', kind: 'fuel', price: 22.87, fuelGroup: 'gasoline', density15: 745.0 },
  { code: 'ADBLUE', name: 'AdBlue', kind: 'other', price: 8.5, fuelGroup: 'other', density15: 1090.0 },
  { code: 'LUBE', name: 'Lube oil 15W-40', kind: 'other', price: 65.0, fuelGroup: 'lubricant', density15: 880.0 },
];

const TYPES: DemoType[] = [
  ['VOL-FH16', 'Volvo', 'FH16 750', 600, 'km', 38, 'DSL50'],
  ['SCA-R500', 'Scania', 'R500', 700, 'km', 35, 'DSL50'],
  ['MB-ACT', 'Mercedes-Benz', 'Actros 2645', 600, 'km', 36, 'DSL50'],
  ['MAN-TGS', 'MAN', 'TGS 33.480', 400, 'km', 37, 'DSL50'],
  ['ISU-FTR', 'Isuzu', 'FTR 850', 200, 'km', 24, 'DSL50'],
  ['UD-QUON', 'UD Trucks', 'Quon GW 26.460', 400, 'km', 36, 'DSL50'],
  ['HINO-500', 'Hino', '500 1627', 200, 'km', 25, 'DSL50'],
  ['IVE-DAILY', 'Iveco', 'Daily 50C15', 100, 'km', 13, 'DSL50'],
  ['TOY-HILUX', 'Toyota', 'Hilux 2.8 GD-6', 80, 'km', 9.5, 'DSL50'],
  ['FORD-RNG', 'Ford', 'Ranger 2.0 BiT', 80, 'km', 9.8, 'DSL50'],
  ['TOY-LC79', 'Toyota', 'Land Cruiser 79', 130, 'km', 13.5, 'DSL50'],
  ['VW-AMAROK', 'Volkswagen', 'Amarok V6', 80, 'km', 10.5, 'DSL50'],
  ['NIS-NP200', 'Nissan', 'NP200 1.6', 50, 'km', 7.5, 'ULP95'],
  ['TOY-COROLLA', 'Toyota', 'Corolla Cross 1.8', 47, 'km', 6.8, 'ULP95'],
  ['CAT-320', 'Caterpillar', '320 GC', 345, 'hours', 14, 'DSL50'],
  ['CAT-950', 'Caterpillar', '950 GC', 300, 'hours', 16, 'DSL50'],
  ['KOM-PC200', 'Komatsu', 'PC200-8', 400, 'hours', 13, 'DSL50'],
  ['BELL-B30E', 'Bell', 'B30E', 400, 'hours', 22, 'DSL50'],
  ['JCB-3CX', 'JCB', '3CX', 160, 'hours', 7, 'DSL50'],
  ['JD-6155M', 'John Deere', '6155M', 340, 'hours', 15, 'DSL50'],
  ['CAT-D6', 'Caterpillar', 'D6', 420, 'hours', 25, 'DSL50'],
  ['HYS-H3', 'Hyster', 'H3.0FT', 60, 'hours', 3.2, 'DSL50'],
  ['AC-QAS100', 'Atlas Copco', 'QAS 100', 200, 'hours', 18, 'DSL50'],
  ['BOM-BW213', 'Bomag', 'BW 213 D-5', 260, 'hours', 12, 'DSL50'],
  ['LIE-LTM1050', 'Liebherr', 'LTM 1050-3.1', 300, 'hours', 20, 'DSL50'],
].map(
  ([code, make, model, tank, meter, consumption, fuel]) =>
    ({ code, make, model, tank, meter, consumption, fuel }) as DemoType,
);

/** Demo Fuels: South African fleet operator, 6 sites (4 attended, 2 unattended truck stops). */
export const DEMO_FUELS: DemoAccountSetup = {
  timezone: 'Africa/Johannesburg',
  stores: [
    {
      code: 'JHB01',
      name: 'Johannesburg Depot',
      variant: 'FAMS',
      address: '12 Main Reef Rd, Johannesburg',
      lat: -26.2041,
      lng: 28.0473,
    },
    {
      code: 'PTA01',
      name: 'Pretoria Yard',
      variant: 'FAMS',
      address: '88 Church St, Pretoria',
      lat: -25.7479,
      lng: 28.2293,
    },
    {
      code: 'DBN01',
      name: 'Durban Harbour',
      variant: 'FAMS',
      address: '3 Bayhead Rd, Durban',
      lat: -29.8587,
      lng: 31.0218,
    },
    {
      code: 'CPT01',
      name: 'Cape Town Workshop',
      variant: 'FAMS',
      address: '20 Marine Dr, Paarden Eiland',
      lat: -33.9249,
      lng: 18.4241,
    },
    {
      code: 'N3-24',
      name: 'N3 Truck Stop Harrismith',
      variant: 'FAMS24',
      address: 'N3 Highway, Harrismith',
      lat: -28.2726,
      lng: 29.1295,
    },
    {
      code: 'N1-24',
      name: 'N1 Truck Stop Beaufort West',
      variant: 'FAMS24',
      address: 'N1 Highway, Beaufort West',
      lat: -32.3567,
      lng: 22.583,
    },
  ],
  products: PRODUCTS,
  tanks: [
    { store: 'JHB01', product: 'DSL50', code: 'T1', capacity: 50_000, probe: 'VR-JHB-1' },
    { store: 'JHB01', product: 'ULP95', code: 'T2', capacity: 23_000, probe: 'VR-JHB-2' },
    { store: 'JHB01', product: 'ADBLUE', code: 'T3', capacity: 5_000 },
    { store: 'JHB01', product: 'LUBE', code: 'T4', capacity: 2_000 },
    { store: 'PTA01', product: 'DSL50', code: 'T1', capacity: 35_000, probe: 'VR-PTA-1' },
    { store: 'PTA01', product: 'ULP95', code: 'T2', capacity: 14_000 },
    { store: 'DBN01', product: 'DSL50', code: 'T1', capacity: 50_000, probe: 'VR-DBN-1' },
    { store: 'DBN01', product: 'ADBLUE', code: 'T2', capacity: 5_000 },
    { store: 'CPT01', product: 'DSL50', code: 'T1', capacity: 23_000 },
    { store: 'CPT01', product: 'ULP95', code: 'T2', capacity: 9_000 },
    { store: 'N3-24', product: 'DSL50', code: 'T1', capacity: 83_000, probe: 'VR-N3-1' },
    { store: 'N3-24', product: 'ADBLUE', code: 'T2', capacity: 9_000, probe: 'VR-N3-2' },
    { store: 'N1-24', product: 'DSL50', code: 'T1', capacity: 83_000, probe: 'VR-N1-1' },
    { store: 'N1-24', product: 'ADBLUE', code: 'T2', capacity: 9_000, probe: 'VR-N1-2' },
  ],
  costCentres: [
    ['CC01', 'Long-distance haulage'],
    ['CC02', 'Regional distribution'],
    ['CC03', 'Construction'],
    ['CC04', 'Mining support'],
    ['CC05', 'Workshop'],
    ['CC06', 'Municipal contract'],
    ['CC07', 'Agriculture'],
    ['CC08', 'Plant hire'],
    ['CC09', 'Pool vehicles'],
    ['CC10', 'Security'],
    ['CC11', 'Waste management'],
    ['CC12', 'Sales and admin'],
  ],
  types: TYPES,
  equipment: 180,
  employees: 90,
  fleetPrefix: 'DF',
  regSuffix: 'GP',
  employeeStart: 1001,
};

/**
 * North Haulage: a small haulier near Chicago, two sites (one unattended) in America/Chicago, the
 * account's zone (ADR 079). Prices in US dollars per litre (quantities are stored in litres): diesel
 * $1.05/L is about $3.97 a US gallon. Tanks are round sizes in gallons (10 000 and 8 000).
 */
export const NORTH_HAULAGE: DemoAccountSetup = {
  timezone: 'America/Chicago',
  stores: [
    {
      code: 'JOL01',
      name: 'Joliet Depot',
      variant: 'FAMS',
      address: '1800 Channahon Rd, Joliet, IL',
      lat: 41.5067,
      lng: -88.1256,
    },
    {
      code: 'I80-24',
      name: 'I-80 Morris Fuel Island',
      variant: 'FAMS24',
      address: 'I-80 Exit 112, Morris, IL',
      lat: 41.3842,
      lng: -88.4315,
    },
  ],
  products: [
    { code: 'DSL50', name: 'Diesel ULSD', kind: 'fuel', price: 1.05, fuelGroup: 'diesel', density15: 845.0 },
    { code: 'ADBLUE', name: 'DEF (AdBlue)', kind: 'other', price: 0.79, fuelGroup: 'other', density15: 1090.0 },
  ],
  tanks: [
    { store: 'JOL01', product: 'DSL50', code: 'T1', capacity: 37_850, probe: 'NH-JOL-1' },
    { store: 'I80-24', product: 'DSL50', code: 'T1', capacity: 30_280, probe: 'NH-I80-1' },
  ],
  costCentres: [
    ['CC01', 'Long haul'],
    ['CC02', 'Local delivery'],
    ['CC03', 'Yard'],
  ],
  types: [
    ['FL-CASC', 'Freightliner', 'Cascadia 126', 900, 'km', 36, 'DSL50'],
    ['PB-579', 'Peterbilt', '579', 950, 'km', 37, 'DSL50'],
    ['KW-T680', 'Kenworth', 'T680', 900, 'km', 35, 'DSL50'],
    ['FORD-F250', 'Ford', 'F-250 Super Duty 6.7 Power Stroke', 130, 'km', 16, 'DSL50'],
    ['HYS-H3', 'Hyster', 'H3.0FT', 60, 'hours', 3.2, 'DSL50'],
  ].map(
    ([code, make, model, tank, meter, consumption, fuel]) =>
      ({ code, make, model, tank, meter, consumption, fuel }) as DemoType,
  ),
  equipment: 20,
  employees: 10,
  fleetPrefix: 'NH',
  regSuffix: 'IL',
  employeeStart: 501,
};

export const FIRST_NAMES = [
  'Thabo',
  'Sipho',
  'Johan',
  'Pieter',
  'Lerato',
  'Naledi',
  'Ayesha',
  'Michael',
  'David',
  'Zanele',
  'Kagiso',
  'Anika',
  'Ruan',
  'Themba',
  'Busisiwe',
  'Priya',
  'Sizwe',
  'Karin',
  'Mandla',
  'Grace',
];
export const LAST_NAMES = [
  'Nkosi',
  'Dlamini',
  'van der Merwe',
  'Botha',
  'Mokoena',
  'Naidoo',
  'Pillay',
  'Smith',
  'Khumalo',
  'Mahlangu',
  'Pretorius',
  'Ndlovu',
  'Jacobs',
  'Sithole',
  'Fourie',
  'Zulu',
  'Coetzee',
  'Mthembu',
];
