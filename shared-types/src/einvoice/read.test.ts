import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { buildEInvoice } from './build';
import { writeCii } from './cii';
import { CASES } from './cases.fixture';
import { EINVOICE_READ_MESSAGES, EInvoiceReadError, readEInvoice } from './read';
import { writeUbl } from './ubl';

const EXAMPLES = path.resolve(import.meta.dirname, '../../../../shared/einvoice/examples/en16931');

describe('readEInvoice', () => {
  const writers = {
    'UBL (Peppol)': (doc: Parameters<typeof writeCii>[0]) => writeUbl(doc, 'peppol'),
    'UBL (XRechnung)': (doc: Parameters<typeof writeCii>[0]) => writeUbl(doc, 'xrechnung'),
    CII: writeCii,
  };
  for (const [format, write] of Object.entries(writers)) {
    it.each(Object.entries(CASES))(
      `${format}: %s reads back every business term`,
      (_name, source) => {
        const doc = buildEInvoice(source);
        expect(readEInvoice(write(doc))).toEqual(doc);
      },
    );
  }

  it.each(
    ['ubl', 'cii'].flatMap((syntax) =>
      readdirSync(path.join(EXAMPLES, syntax))
        .filter((f) => f.toLowerCase().endsWith('.xml'))
        .map((f) => [syntax, f] as const),
    ),
  )('reads the official %s example %s, its totals adding up', (syntax, file) => {
    const doc = readEInvoice(readFileSync(path.join(EXAMPLES, syntax, file), 'utf8'));
    expect(doc.number).not.toBe('');
    expect(doc.lines.length).toBeGreaterThan(0);
    const taxable = doc.taxSubtotals.reduce((sum, t) => sum + Number(t.taxableAmount), 0);
    expect(taxable).toBeCloseTo(Number(doc.totals.taxExclusive), 2);
  });

  it.each([
    [
      '<?xml version="1.0"?><!DOCTYPE x [<!ENTITY a "b">]><Invoice/>',
      EINVOICE_READ_MESSAGES.doctype,
    ],
    ['<Order xmlns="urn:x"><ID>1</ID></Order>', EINVOICE_READ_MESSAGES.unknown],
    ['not xml at all <', EINVOICE_READ_MESSAGES.notXml],
  ])('refuses %s', (xml, message) => {
    expect(() => readEInvoice(xml)).toThrow(new EInvoiceReadError(message));
  });
});
