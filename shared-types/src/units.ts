/**
 * Units of measure as UN/ECE Recommendation 20 codes, the ones e-invoices carry (BT-130), with
 * what a person reads on a document. A line without a unit counts pieces (C62).
 */
export const DEFAULT_UNIT = 'C62';

export const UNITS = {
  C62: 'piece',
  HUR: 'hour',
  MIN: 'minute',
  DAY: 'day',
  WEE: 'week',
  MON: 'month',
  ANN: 'year',
  KGM: 'kg',
  GRM: 'g',
  TNE: 'tonne',
  MTR: 'm',
  KMT: 'km',
  MTK: 'm²',
  MTQ: 'm³',
  LTR: 'litre',
  SET: 'set',
  PR: 'pair',
  XBX: 'box',
  LS: 'lump sum',
  KWH: 'kWh',
} as const;

export type UnitCode = keyof typeof UNITS;

export function isUnitCode(value: unknown): value is UnitCode {
  return typeof value === 'string' && Object.hasOwn(UNITS, value);
}
