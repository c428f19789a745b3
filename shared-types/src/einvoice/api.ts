/** The e-invoice routes' shapes: the format asked for and the readiness answer. */
import { Type, type Static } from 'typebox';
import { SCHEMA_MESSAGE } from '../api';
import { EINVOICE_MESSAGES } from './preference';
import { EINVOICE_FORMATS } from './readiness';

const FormatField = Type.Unsafe<(typeof EINVOICE_FORMATS)[number]>({
  type: 'string',
  enum: [...EINVOICE_FORMATS],
  description:
    'peppol (Peppol BIS Billing 3.0, UBL), xrechnung (XRechnung 3.0, UBL) or facturx (Factur-X PDF)',
  [SCHEMA_MESSAGE]: EINVOICE_MESSAGES.queryFormat,
});

/** GET …/e-invoice?format=: which format (required). */
export const EInvoiceQuery = Type.Object({ format: FormatField });
export type EInvoiceQuery = Static<typeof EInvoiceQuery>;

/** GET …/e-invoice/readiness?format=: the format to check; absent: the customer's or the company's. */
export const EInvoiceReadinessQuery = Type.Object({ format: Type.Optional(FormatField) });
export type EInvoiceReadinessQuery = Static<typeof EInvoiceReadinessQuery>;

export const EInvoiceReadinessProblem = Type.Object({
  key: Type.String(),
  where: Type.Unsafe<'company' | 'customer' | 'document'>({
    type: 'string',
    enum: ['company', 'customer', 'document'],
  }),
  message: Type.String(),
});

export const EInvoiceReadinessReport = Type.Object({
  format: Type.Union([FormatField, Type.Null()]),
  formatLabel: Type.Union([Type.String(), Type.Null()]),
  ready: Type.Boolean(),
  problems: Type.Array(EInvoiceReadinessProblem),
});
export type EInvoiceReadinessReport = Static<typeof EInvoiceReadinessReport>;
