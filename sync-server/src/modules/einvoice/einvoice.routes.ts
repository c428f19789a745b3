import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { DocumentIdParams as params } from '@smb/shared-types';
import {
  EInvoiceQuery,
  EInvoiceReadinessQuery,
  EInvoiceReadinessReport,
} from '@smb/shared-types/einvoice';
import { BEARER, errors, signedIn } from '../../http';
import { eInvoiceFile, eInvoiceReadinessOf, type EInvoiceKind } from './einvoice.service';
import { downloadTransmitter } from './transmitter';

const FILE = {
  description: 'The e-invoice: UBL XML (peppol, xrechnung) or the Factur-X PDF (facturx)',
  content: {
    'application/xml': { schema: Type.String() },
    'application/pdf': { schema: Type.String({ format: 'binary' }) },
  },
};

/**
 * GET /api/invoices/{id}/e-invoice?format=peppol|xrechnung|facturx and
 * GET /api/invoices/{id}/e-invoice/readiness for every signed-in user of the tenant:
 * unknown and other tenants' ids → 404, a draft → 409, another format → 400; and the same two
 * for credit notes (always issued), written as UBL CreditNote / CII 381 naming the invoice.
 */
const einvoiceRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const kinds: Array<[path: string, kind: EInvoiceKind, tag: string]> = [
    ['invoices', 'invoice', 'invoices'],
    ['credit-notes', 'creditNote', 'credit-notes'],
  ];
  for (const [path, kind, tag] of kinds) {
    app.get(
      `/api/${path}/:id/e-invoice`,
      {
        ...signedIn(app),
        schema: {
          tags: [tag],
          security: BEARER,
          description:
            'The issued document as an e-invoice: Peppol BIS Billing 3.0 or XRechnung 3.0 (UBL 2.1 XML), or Factur-X / ZUGFeRD EN 16931 (the PDF with its CII XML embedded, PDF/A-3b). Downloaded as e.g. Invoice-INV-0012-peppol.xml, CreditNote-CN-0003-xrechnung.xml or Invoice-INV-0012.pdf.',
          params,
          querystring: EInvoiceQuery,
          produces: ['application/xml', 'application/pdf'],
          response: { 200: FILE, ...errors(400, 404, 409) },
        },
      },
      async (request, reply) => {
        const file = await eInvoiceFile(
          request.auth,
          kind,
          request.params.id,
          request.query.format,
        );
        await downloadTransmitter.transmit([file], {}, reply);
        return reply;
      },
    );
    app.get(
      `/api/${path}/:id/e-invoice/readiness`,
      {
        ...signedIn(app),
        schema: {
          tags: [tag],
          security: BEARER,
          description:
            'What the e-invoice format still needs, in plain words (the checks the app runs offline). Without `format`: the customer’s format, else the company’s default; `format: null` when neither chose one.',
          params,
          querystring: EInvoiceReadinessQuery,
          response: { 200: EInvoiceReadinessReport, ...errors(400, 404, 409) },
        },
      },
      async (request) =>
        eInvoiceReadinessOf(request.auth, kind, request.params.id, request.query.format),
    );
  }
};

export default einvoiceRoutes;
