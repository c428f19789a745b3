import { fireEvent, screen, within } from '@testing-library/react';
import { PDFDocument } from 'pdf-lib';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildEInvoice, writeCii, writeUbl } from '@smb/shared-types/einvoice';
import { CASES } from '@smb/shared-types/einvoice/cases.fixture';
import { embedFacturX } from '@smb/shared-types/einvoice/facturx-pdf';
import {
  EINVOICE_FILE_MESSAGES,
  EINVOICE_READ_MESSAGES,
} from '@smb/shared-types/einvoice/read-file';
import { renderScreen } from '../../../../test/render';
import EInvoiceViewerScreen from '../EInvoiceViewerScreen';

const renderViewer = () => renderScreen('/dashboard/open-e-invoice', <EInvoiceViewerScreen />);

// jsdom's Uint8Array is not Node's: what Node's TextEncoder returns fails pdf-lib's instanceof
// checks when the test writes a Factur-X PDF, and jsdom's File has no arrayBuffer(). Browsers
// have one realm and both.
const NodeTextEncoder = TextEncoder;
beforeAll(() => {
  vi.stubGlobal(
    'TextEncoder',
    class {
      encode(text: string) {
        return Uint8Array.from(new NodeTextEncoder().encode(text));
      }
    },
  );
});
afterAll(() => vi.unstubAllGlobals());

function fileOf(content: string | Uint8Array, name: string, type = '') {
  const bytes = typeof content === 'string' ? new TextEncoder().encode(content) : content;
  const file = new File([bytes as BlobPart], name, { type });
  Object.defineProperty(file, 'arrayBuffer', {
    value: async () => Uint8Array.from(bytes).buffer,
  });
  return file;
}

const fileInput = () => document.querySelector<HTMLInputElement>('input[type="file"]')!;
const choose = (file: File) => fireEvent.change(fileInput(), { target: { files: [file] } });
const drop = (file: File) =>
  fireEvent.drop(screen.getByTestId('einvoice-drop-zone'), { dataTransfer: { files: [file] } });

async function facturXPdf(kind: keyof typeof CASES): Promise<Uint8Array> {
  const doc = buildEInvoice(CASES[kind]!);
  const pdf = await PDFDocument.create();
  pdf.addPage().drawText(`Credit note ${doc.number}`);
  return embedFacturX(await pdf.save(), writeCii(doc), {
    title: `Credit note ${doc.number}`,
    author: doc.seller.name,
    date: new Date('2026-11-26T09:00:00Z'),
  });
}

/** The cells of each rendered line, as text. */
const lineCells = () =>
  screen.getAllByTestId('einvoice-line').map((row) =>
    within(row)
      .getAllByRole('cell')
      .map((cell) => cell.textContent),
  );

afterEach(() => vi.restoreAllMocks());

describe('Open e-invoice', () => {
  it('starts empty, with a drop zone and a file button that takes XML and PDF', () => {
    renderViewer();
    expect(screen.getByRole('heading', { name: 'Open e-invoice' })).toBeInTheDocument();
    expect(screen.getByText('Drop a supplier’s e-invoice here')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Choose a file' })).toBeEnabled();
    expect(fileInput().accept).toContain('.pdf');
    expect(screen.queryByTestId('einvoice-document')).not.toBeInTheDocument();
  });

  it('shows a UBL invoice: parties, lines, VAT breakdown, totals and payment', async () => {
    const xml = writeUbl(
      buildEInvoice(CASES['mixed rates with discounts and a shipping charge']!),
      'peppol',
    );
    renderViewer();
    choose(fileOf(xml, 'INV-2026-0042.xml', 'application/xml'));
    const doc = await screen.findByTestId('einvoice-document');

    expect(within(doc).getByRole('heading', { name: 'INV-2026-0042' })).toBeInTheDocument();
    expect(within(doc).getByText('UBL XML')).toBeInTheDocument();
    const fact = (label: string) => within(doc).getByText(label).parentElement;
    expect(fact('Issue date')).toHaveTextContent('Issue date11/26/2026');
    expect(fact('Due date')).toHaveTextContent('Due date12/26/2026');
    expect(fact('Buyer reference')).toHaveTextContent('Buyer referencePO-7781');

    const seller = within(doc).getByRole('region', { name: 'Seller' });
    expect(seller).toHaveTextContent('Nordlicht Haustechnik GmbH');
    expect(seller).toHaveTextContent('Hafenstraße 12');
    expect(seller).toHaveTextContent('20457 Hamburg');
    expect(seller).toHaveTextContent('Germany');
    expect(seller).toHaveTextContent('VAT ID: DE123456789');
    const buyer = within(doc).getByRole('region', { name: 'Buyer' });
    expect(buyer).toHaveTextContent('Bäckerei Müller & Söhne KG');
    expect(buyer).toHaveTextContent('Hinterhaus');
    expect(buyer).toHaveTextContent('VAT ID: DE987654321');

    expect(lineCells()).toEqual([
      ['1', 'Boiler serviceDiscount €10.00', '3', 'hour', '€33.33', '19%', '€89.99'],
      ['2', 'Descaler, 5 lItem DS-5Discount €20.00', '1.5', 'litre', '€80.00', '7%', '€100.00'],
    ]);

    const vat = within(screen.getByTestId('einvoice-vat')).getAllByRole('row');
    expect(vat.slice(1).map((row) => row.textContent)).toEqual([
      '19%€85.94€16.33',
      '7%€100.00€7.00',
    ]);

    const totals = screen.getByTestId('einvoice-totals');
    for (const text of [
      'Lines€189.99',
      'Discount: Loyalty discount-€10.00',
      'Charge: Shipping€5.95',
      'Net total€185.94',
      'VAT€23.33',
      'Total€209.27',
      'Amount due€209.27',
    ])
      expect(totals).toHaveTextContent(text);

    const payment = within(doc).getByRole('region', { name: 'Payment' });
    expect(payment).toHaveTextContent('Payable within 30 days.');
    expect(payment).toHaveTextContent('Means: SEPA credit transfer');
    expect(screen.getByTestId('einvoice-iban')).toHaveTextContent(
      'IBAN: DE89 3704 0044 0532 0130 00',
    );
    expect(payment).toHaveTextContent('BIC: COBADEFFXXX');
  });

  it('shows a CII reverse-charge invoice with the reason no VAT is charged', async () => {
    const xml = writeCii(buildEInvoice(CASES['intra-EU reverse charge']!));
    renderViewer();
    choose(fileOf(xml, 'factur-x.xml', 'text/xml'));
    const doc = await screen.findByTestId('einvoice-document');

    expect(within(doc).getByText('CII XML')).toBeInTheDocument();
    expect(within(doc).getByRole('region', { name: 'Buyer' })).toHaveTextContent(
      'VAT ID: BE0123456749',
    );
    expect(lineCells()).toEqual([
      ['1', 'Consulting', '8', 'hour', '€120.00', 'Reverse charge', '€960.00'],
    ]);
    const vat = within(screen.getByTestId('einvoice-vat')).getAllByRole('row')[1]!;
    // The category's standard reason is its name: said once, not twice.
    expect(vat.textContent).toBe('Reverse charge€960.00€0.00');
    expect(screen.getByTestId('einvoice-totals')).toHaveTextContent('Amount due€960.00');
    expect(within(doc).getByRole('region', { name: 'Notes' })).toHaveTextContent(
      'Reverse charge: the buyer accounts for the VAT.',
    );
  });

  it('shows the reason an exempt line carries no VAT', async () => {
    renderViewer();
    choose(fileOf(writeUbl(buildEInvoice(CASES['exempt with a reason']!), 'xrechnung'), 'e.xml'));
    await screen.findByTestId('einvoice-document');
    const vat = within(screen.getByTestId('einvoice-vat')).getAllByRole('row')[1]!;
    expect(vat.textContent).toBe('ExemptExempt under § 4 Nr. 21 UStG€900.00€0.00');
  });

  it('shows a Factur-X credit note dropped on the zone, with the invoice it corrects', async () => {
    const pdf = await facturXPdf('partial credit note');
    renderViewer();
    drop(fileOf(pdf, 'CN-2026-0008.pdf', 'application/pdf'));
    const doc = await screen.findByTestId('einvoice-document', {}, { timeout: 5000 });

    expect(within(doc).getByText('Credit note')).toBeInTheDocument();
    expect(within(doc).getByText('Factur-X PDF')).toBeInTheDocument();
    expect(within(doc).getByRole('heading', { name: 'CN-2026-0008' })).toBeInTheDocument();
    expect(doc).toHaveTextContent('Corrects invoice INV-2026-0042 of 11/20/2026');
    expect(lineCells()).toEqual([
      ['1', 'Heating maintenance', '0.5', 'piece', '€480.00', '19%', '€240.00'],
    ]);
    const totals = screen.getByTestId('einvoice-totals');
    expect(totals).toHaveTextContent('VAT€45.60');
    expect(totals).toHaveTextContent('Amount credited€285.60');
  });

  it('says why a file is not an e-invoice, and keeps the document already open', async () => {
    renderViewer();
    choose(fileOf('Dear supplier, <b>thanks', 'letter.txt', 'text/plain'));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('letter.txt could not be opened');
    expect(alert).toHaveTextContent(EINVOICE_READ_MESSAGES.notXml);
    expect(screen.queryByTestId('einvoice-document')).not.toBeInTheDocument();

    choose(fileOf(writeCii(buildEInvoice(CASES['zero rated']!)), 'zero.xml'));
    expect(await screen.findByTestId('einvoice-document')).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();

    const plain = await PDFDocument.create();
    plain.addPage();
    choose(fileOf(await plain.save(), 'scan.pdf', 'application/pdf'));
    expect(await screen.findByRole('alert')).toHaveTextContent(EINVOICE_FILE_MESSAGES.noXml);
    expect(screen.getByTestId('einvoice-document')).toHaveTextContent('INV-2026-0042');
    expect(screen.getByRole('button', { name: 'Open another file' })).toBeEnabled();

    fireEvent.click(screen.getByRole('button', { name: 'Dismiss' }));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(screen.getByTestId('einvoice-document')).toBeInTheDocument();
  });

  it('lays the lines out as cards on a phone', async () => {
    vi.mocked(window.matchMedia).mockImplementation(
      (query: string) =>
        ({
          matches: query.includes('max-width'),
          media: query,
          addEventListener: vi.fn(),
          removeEventListener: vi.fn(),
          addListener: vi.fn(),
          removeListener: vi.fn(),
        }) as unknown as MediaQueryList,
    );
    renderViewer();
    choose(fileOf(writeUbl(buildEInvoice(CASES['partly paid']!), 'peppol'), 'paid.xml'));
    const line = (await screen.findAllByTestId('einvoice-line'))[0]!;
    expect(within(line).queryAllByRole('cell')).toEqual([]);
    expect(line).toHaveTextContent('2 piece × €480.00 · VAT 19%');
    expect(line).toHaveTextContent('€960.00');
    expect(screen.getByTestId('einvoice-totals')).toHaveTextContent('Paid already-€400.00');
  });
});
