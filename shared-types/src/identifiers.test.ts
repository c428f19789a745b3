import { describe, expect, it } from 'vitest';
import {
  bicProblem,
  electronicAddressProblems,
  ibanProblem,
  IDENTIFIER_MESSAGES,
  normaliseIban,
  vatIdProblem,
} from './identifiers';

describe('identifiers', () => {
  it('checks an IBAN’s check digits, however it is spaced', () => {
    expect(ibanProblem('DE89 3704 0044 0532 0130 00')).toBeNull();
    expect(normaliseIban('de89 3704 0044 0532 0130 00')).toBe('DE89370400440532013000');
    expect(ibanProblem('DE89 3704 0044 0532 0130 01')).toBe(IDENTIFIER_MESSAGES.iban);
    expect(ibanProblem('hello')).toBe(IDENTIFIER_MESSAGES.iban);
  });

  it('checks a BIC', () => {
    expect(bicProblem('COBADEFFXXX')).toBeNull();
    expect(bicProblem('COBADEFF')).toBeNull();
    expect(bicProblem('COBA')).toBe(IDENTIFIER_MESSAGES.bic);
  });

  it.each([
    ['DE123456789', 'DE', null],
    ['de 123 456 789', 'DE', null],
    ['EL123456789', 'GR', null],
    ['GB123456789', 'GB', null],
    ['CHE-123.456.789', 'CH', null],
    ['123456789', 'DE', IDENTIFIER_MESSAGES.vatShape],
    ['FR12345678901', 'DE', IDENTIFIER_MESSAGES.vatCountry('FR', 'DE')],
    ['GR123456789', 'GR', IDENTIFIER_MESSAGES.vatCountry('GR', 'GR')],
  ])('VAT ID %s in %s → %s', (vatId, country, expected) => {
    expect(vatIdProblem(vatId, country)).toBe(expected);
  });

  it('checks electronic addresses, with the check digits Peppol verifies', () => {
    expect(electronicAddressProblems({ scheme: '0208', id: '0123456749' })).toEqual({});
    expect(electronicAddressProblems({ scheme: '0208', id: '0123456789' })).toEqual({
      id: IDENTIFIER_MESSAGES.belgianNumber,
    });
    expect(electronicAddressProblems({ scheme: '0088', id: '7640000000001' })).toEqual({});
    expect(electronicAddressProblems({ scheme: '0088', id: '7640000000005' })).toEqual({
      id: IDENTIFIER_MESSAGES.gln,
    });
    expect(electronicAddressProblems({ scheme: '9930', id: 'DE123456789' })).toEqual({});
    expect(electronicAddressProblems({ scheme: '1234', id: 'x' })).toEqual({
      scheme: IDENTIFIER_MESSAGES.scheme,
    });
    expect(electronicAddressProblems({ scheme: '9930', id: ' ' })).toEqual({
      id: IDENTIFIER_MESSAGES.addressId,
    });
  });
});
