import { describe, expect, it } from 'vitest';
import { IDENTIFIER_MESSAGES } from '../identifiers';
import { buildEInvoice, type EInvoiceSource } from './build';
import { CASES } from './cases.fixture';
import { eInvoiceReadiness, EINVOICE_FORMATS, READINESS_MESSAGES } from './readiness';

const ready = CASES['domestic standard rate']!;
const keys = (source: EInvoiceSource, format: (typeof EINVOICE_FORMATS)[number]) =>
  eInvoiceReadiness(buildEInvoice(source), format).map((p) => p.key);

describe('eInvoiceReadiness', () => {
  it.each(
    EINVOICE_FORMATS.flatMap((format) => Object.keys(CASES).map((name) => [format, name] as const)),
  )(
    '%s: "%s" is ready (and passes the official rules in official-rules.test.ts)',
    (format, name) => {
      expect(eInvoiceReadiness(buildEInvoice(CASES[name]!), format)).toEqual([]);
    },
  );

  it('asks for the customer’s VAT number under reverse charge, in plain words', () => {
    const source = {
      ...CASES['intra-EU reverse charge']!,
      buyer: { ...CASES['intra-EU reverse charge']!.buyer, vatId: undefined },
    };
    const problems = eInvoiceReadiness(buildEInvoice(source), 'facturx');
    expect(problems).toEqual([
      {
        key: 'buyerVatIdReverseCharge',
        where: 'customer',
        message: READINESS_MESSAGES.buyerVatIdReverseCharge,
      },
    ]);
  });

  it('asks XRechnung for the buyer reference, both postcodes and cities, a contact and the IBAN', () => {
    const source: EInvoiceSource = {
      ...ready,
      buyerReference: undefined,
      payment: undefined,
      seller: {
        ...ready.seller,
        contact: { name: 'Anna Weber' },
        address: { ...ready.seller.address, postcode: undefined },
      },
      buyer: { ...ready.buyer, address: { ...ready.buyer.address, city: undefined } },
    };
    expect(keys(source, 'xrechnung').sort()).toEqual(
      ['buyerCityPostcode', 'buyerReference', 'iban', 'sellerCityPostcode', 'sellerContact'].sort(),
    );
    // Peppol between German companies asks the same (DE-R-002…015), but not for a bank account;
    // Factur-X none of these.
    expect(keys(source, 'peppol').sort()).toEqual(
      ['buyerCityPostcode', 'buyerReference', 'sellerCityPostcode', 'sellerContact'].sort(),
    );
    expect(
      eInvoiceReadiness(buildEInvoice(source), 'peppol').find((p) => p.key === 'sellerContact')
        ?.message,
    ).toBe(READINESS_MESSAGES.sellerContactPeppolDe);
    expect(keys(source, 'facturx')).toEqual([]);
  });

  it('asks Peppol outside Germany for a reference of either kind', () => {
    const austrian: EInvoiceSource = {
      ...ready,
      buyerReference: undefined,
      buyer: {
        ...ready.buyer,
        vatId: undefined,
        address: { ...ready.buyer.address, country: 'AT' },
      },
    };
    expect(keys(austrian, 'peppol')).toEqual(['buyerReferenceOrOrder']);
    expect(keys({ ...austrian, orderReference: 'PO-1' }, 'peppol')).toEqual([]);
  });

  it('asks Peppol for both electronic addresses and checks their check digits', () => {
    const source: EInvoiceSource = {
      ...ready,
      seller: { ...ready.seller, electronicAddress: undefined },
      buyer: { ...ready.buyer, electronicAddress: { scheme: '0208', id: '0123456789' } },
    };
    const problems = eInvoiceReadiness(buildEInvoice(source), 'peppol');
    expect(problems.map((p) => p.message)).toEqual([
      READINESS_MESSAGES.sellerAddress,
      READINESS_MESSAGES.buyerAddressInvalid(IDENTIFIER_MESSAGES.belgianNumber),
    ]);
  });

  it('checks the VAT numbers against the country and the IBAN’s check digits', () => {
    const source: EInvoiceSource = {
      ...ready,
      seller: { ...ready.seller, vatId: 'FR12345678901' },
      payment: { ...ready.payment!, account: { iban: 'DE89370400440532013001' } },
    };
    expect(eInvoiceReadiness(buildEInvoice(source), 'facturx').map((p) => p.message)).toEqual([
      READINESS_MESSAGES.sellerVatIdInvalid(IDENTIFIER_MESSAGES.vatCountry('FR', 'DE')),
      READINESS_MESSAGES.ibanInvalid(IDENTIFIER_MESSAGES.iban),
    ]);
  });

  it('needs no VAT number for a seller outside the scope of VAT', () => {
    const source: EInvoiceSource = {
      ...ready,
      seller: { ...ready.seller, vatId: undefined },
      lines: ready.lines.map((l) => ({ ...l, tax: { category: 'O', rate: '0' } })),
    };
    expect(keys(source, 'facturx')).toEqual([]);
    expect(keys({ ...source, lines: ready.lines }, 'facturx')).toEqual(['sellerVatId']);
  });
});
