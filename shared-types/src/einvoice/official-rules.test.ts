/**
 * Every kind of document we can issue, in every format (UBL for Peppol BIS Billing 3.0 and
 * XRechnung 3.0, CII for Factur-X), checked by the official rule sets (CEN EN 16931, Peppol,
 * KoSIT XRechnung, Factur-X 1.09) through the validator beside the
 * repository (`../shared/einvoice`, installed by its setup.sh): zero fatal, zero error.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildEInvoice } from './build';
import { eInvoiceReadiness } from './readiness';
import { CASES } from './cases.fixture';
import type { EInvoiceDocument } from './model';
import { writeCii } from './cii';
import { writeUbl } from './ubl';
import { assertValidatorInstalled, validateXml, type ValidatedFormat } from './validator.fixture';

const WRITE: Record<ValidatedFormat, (doc: EInvoiceDocument) => string> = {
  peppol: (doc) => writeUbl(doc, 'peppol'),
  xrechnung: (doc) => writeUbl(doc, 'xrechnung'),
  facturx: writeCii,
};

beforeAll(assertValidatorInstalled);

describe('e-invoices pass the official rules', () => {
  const counts: Record<string, { files: number; errors: number; warnings: number }> = {};
  afterAll(() => {
    for (const [flavour, c] of Object.entries(counts)) {
      console.info(
        `[e-invoice] ${flavour}: ${c.files} files, ${c.errors} fatal/error, ${c.warnings} warnings`,
      );
    }
  });

  for (const flavour of ['peppol', 'xrechnung', 'facturx'] as const) {
    it.concurrent.each(Object.entries(CASES))(
      `${flavour}: %s`,
      async (_name, source) => {
        const verdict = await validateXml(WRITE[flavour](buildEInvoice(source)), flavour);
        const count = (counts[flavour] ??= { files: 0, errors: 0, warnings: 0 });
        count.files += 1;
        count.errors += verdict.errors.length;
        count.warnings += verdict.warnings;
        expect(verdict.errors).toEqual([]);
        expect(verdict.valid).toBe(true);
      },
      120_000,
    );
  }
});

describe('the validation harness', () => {
  it('sees a document whose totals do not add up', async () => {
    const doc = buildEInvoice(CASES['domestic standard rate']!);
    const verdict = await validateXml(
      WRITE.peppol({ ...doc, totals: { ...doc.totals, lineTotal: '1.00' } }),
      'peppol',
    );
    expect(verdict.valid).toBe(false);
    expect(verdict.errors.some((e) => e.includes('BR-CO-10'))).toBe(true);
  }, 120_000);
});

describe('what the readiness checks ask for, the official rules require', () => {
  const reverseCharge = CASES['intra-EU reverse charge']!;
  const domestic = CASES['domestic standard rate']!;
  it.concurrent.each([
    ['xrechnung', 'buyerReference', 'BR-DE-15', { ...domestic, buyerReference: undefined }],
    [
      'peppol',
      'buyerAddress',
      'PEPPOL-EN16931-R010',
      { ...domestic, buyer: { ...domestic.buyer, electronicAddress: undefined } },
    ],
    [
      'peppol',
      'sellerAddress',
      'PEPPOL-EN16931-R020',
      { ...domestic, seller: { ...domestic.seller, electronicAddress: undefined } },
    ],
    [
      'xrechnung',
      'sellerContact',
      'BR-DE-2',
      { ...domestic, seller: { ...domestic.seller, contact: undefined } },
    ],
    // Between German companies Peppol's national rules ask what XRechnung asks.
    ['peppol', 'buyerReference', 'DE-R-015', { ...domestic, buyerReference: undefined }],
    [
      'peppol',
      'sellerContact',
      'DE-R-002',
      { ...domestic, seller: { ...domestic.seller, contact: undefined } },
    ],
    [
      'facturx',
      'buyerVatIdReverseCharge',
      'BR-AE-02',
      { ...reverseCharge, buyer: { ...reverseCharge.buyer, vatId: undefined } },
    ],
  ] as const)(
    '%s: missing %s breaks %s',
    async (format, key, rule, source) => {
      const doc = buildEInvoice(source);
      expect(eInvoiceReadiness(doc, format).map((p) => p.key)).toContain(key);
      const verdict = await validateXml(WRITE[format](doc), format);
      expect(verdict.errors.some((e) => e.includes(rule))).toBe(true);
    },
    120_000,
  );
});
