/**
 * What the UBL and CII readers share: one XML parser (namespace prefixes dropped, every value
 * kept as text, repeating elements always arrays) and the small helpers that walk what it gives.
 */
import { XMLParser } from 'fast-xml-parser';
import { isTaxCategory, type TaxCategory } from '../tax-categories';
import type { EInvoiceParty } from './model';

export class EInvoiceReadError extends Error {}

export const EINVOICE_READ_MESSAGES = {
  notXml: 'This file is not an e-invoice we can read: it is not well-formed XML.',
  doctype: 'This file is not an e-invoice we can read: it declares a DOCTYPE.',
  unknown: 'This file is not an e-invoice we can read: it is neither UBL 2.1 nor CII.',
  missing: (what: string) => `This e-invoice has no ${what}.`,
} as const;

/** Elements that may repeat, read as arrays whether there is one or several. */
const REPEATING = new Set([
  'Note',
  'InvoiceLine',
  'CreditNoteLine',
  'AllowanceCharge',
  'TaxTotal',
  'TaxSubtotal',
  'IncludedSupplyChainTradeLineItem',
  'IncludedNote',
  'ApplicableTradeTax',
  'SpecifiedTradeAllowanceCharge',
  'TaxTotalAmount',
  'SpecifiedTradePaymentTerms',
  'SpecifiedTradeSettlementPaymentMeans',
  'AddressLine',
  'PaymentMeans',
  'PartyTaxScheme',
  'SpecifiedTaxRegistration',
]);

export const parser = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: '@',
  removeNSPrefix: true,
  parseTagValue: false,
  parseAttributeValue: false,
  trimValues: true,
  processEntities: true,
  isArray: (name) => REPEATING.has(name),
});

export type Node = Record<string, unknown> | string | undefined;

/** A child element; the first, where the element may repeat. */
export function child(node: Node, name: string): Node {
  if (!node || typeof node !== 'object') return undefined;
  const value = node[name] as Node | Node[];
  return Array.isArray(value) ? value[0] : value;
}
export const path = (node: Node, ...names: string[]): Node => names.reduce(child, node);
export function list(node: Node, name: string): Node[] {
  if (!node || typeof node !== 'object') return [];
  const value = node[name] as Node | Node[];
  return Array.isArray(value) ? value : value === undefined ? [] : [value];
}
/** The text of an element, whether it has attributes or not; undefined when absent or empty. */
export function text(node: Node | Node[]): string | undefined {
  if (Array.isArray(node)) return text(node[0]);
  if (node === undefined) return undefined;
  const value = typeof node === 'object' ? node['#text'] : node;
  return value === undefined || value === '' ? undefined : String(value);
}
export const attribute = (node: Node, name: string): string | undefined =>
  node && typeof node === 'object' ? (node[`@${name}`] as string | undefined) : undefined;

export function required(value: string | undefined, what: string): string {
  if (value === undefined) throw new EInvoiceReadError(EINVOICE_READ_MESSAGES.missing(what));
  return value;
}

export function category(value: string | undefined): TaxCategory {
  if (!isTaxCategory(value))
    throw new EInvoiceReadError(EINVOICE_READ_MESSAGES.missing('tax category we know'));
  return value;
}

/** Drops keys whose value is undefined, so a read document compares equal to a written one. */
export function compact<T extends object>(value: T): T {
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as T;
}

/** BT-34 / BT-49: an address is its identifier and its scheme; an empty one is no address. */
export function electronicAddress(node: Node): EInvoiceParty['electronicAddress'] {
  const id = text(node);
  const scheme = attribute(node, 'schemeID');
  return id && scheme ? { scheme, id } : undefined;
}
