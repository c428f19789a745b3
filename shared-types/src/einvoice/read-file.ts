/**
 * Reads a received e-invoice file as it comes: UBL or CII XML, or a Factur-X / ZUGFeRD PDF whose
 * CII XML is embedded (found through the catalog's embedded files, else its associated files).
 * Kept apart from the readers' index because it loads pdf-lib, which screens load on demand.
 */
import {
  decodePDFRawStream,
  PDFArray,
  PDFDict,
  PDFDocument,
  PDFHexString,
  PDFName,
  PDFRawStream,
  PDFStream,
  PDFString,
} from 'pdf-lib';
import { FACTURX_FILE_NAME } from './facturx-pdf';
import type { EInvoiceDocument } from './model';
import { readEInvoice } from './read';
import { EINVOICE_READ_MESSAGES, EInvoiceReadError } from './read-xml';

/** What the Factur-X, ZUGFeRD 2.x and XRechnung-in-PDF conventions call the XML. */
const KNOWN_NAMES = [FACTURX_FILE_NAME, 'zugferd-invoice.xml', 'xrechnung.xml'];
/** A bigger file is no invoice a person opened on purpose; refusing it keeps the tab alive. */
export const EINVOICE_FILE_MAX_BYTES = 20 * 1024 * 1024;

export const EINVOICE_FILE_MESSAGES = {
  empty: 'This file is empty.',
  tooLarge: 'This file is too large to be an e-invoice (more than 20 MB).',
  notPdf: 'This PDF could not be opened: it is damaged or password-protected.',
  noXml:
    'This PDF has no e-invoice inside: it carries no factur-x.xml. Ask the supplier for a Factur-X or ZUGFeRD PDF, or for the XML.',
} as const;

interface Attachment {
  name: string;
  bytes: Uint8Array;
}

function nameOf(spec: PDFDict): string {
  const value = spec.lookup(PDFName.of('UF')) ?? spec.lookup(PDFName.of('F'));
  return value instanceof PDFString || value instanceof PDFHexString ? value.decodeText() : '';
}

function bytesOf(spec: PDFDict): Uint8Array | undefined {
  const stream = spec.lookupMaybe(PDFName.of('EF'), PDFDict)?.lookup(PDFName.of('F'));
  if (stream instanceof PDFRawStream) return decodePDFRawStream(stream).decode();
  if (stream instanceof PDFStream) return stream.getContents();
  return undefined;
}

/** The file specifications of a name tree (its leaves alternate names and values; Kids nest). */
function namedSpecs(node: PDFDict | undefined, depth = 0): PDFDict[] {
  if (!node || depth > 16) return [];
  const names = node.lookupMaybe(PDFName.of('Names'), PDFArray);
  const leaves = (names?.asArray() ?? [])
    .filter((_, i) => i % 2 === 1)
    .map((ref) => node.context.lookup(ref))
    .filter((spec): spec is PDFDict => spec instanceof PDFDict);
  const kids = node.lookupMaybe(PDFName.of('Kids'), PDFArray);
  const nested = (kids?.asArray() ?? []).flatMap((ref) => {
    const kid = node.context.lookup(ref);
    return kid instanceof PDFDict ? namedSpecs(kid, depth + 1) : [];
  });
  return [...leaves, ...nested];
}

function attachments(document: PDFDocument): Attachment[] {
  const catalog = document.catalog;
  const embedded = catalog
    .lookupMaybe(PDFName.of('Names'), PDFDict)
    ?.lookupMaybe(PDFName.of('EmbeddedFiles'), PDFDict);
  const associated = (catalog.lookupMaybe(PDFName.of('AF'), PDFArray)?.asArray() ?? [])
    .map((ref) => document.context.lookup(ref))
    .filter((spec): spec is PDFDict => spec instanceof PDFDict);
  return [...namedSpecs(embedded), ...associated].flatMap((spec) => {
    const bytes = bytesOf(spec);
    return bytes ? [{ name: nameOf(spec), bytes }] : [];
  });
}

/** The embedded e-invoice XML of a Factur-X / ZUGFeRD PDF. */
export async function extractFacturXXml(pdf: Uint8Array): Promise<string> {
  let found: Attachment[];
  try {
    // pdf-lib parses leniently: a broken file may load and fail only when its catalog is read.
    found = attachments(await PDFDocument.load(pdf, { updateMetadata: false }));
  } catch {
    throw new EInvoiceReadError(EINVOICE_FILE_MESSAGES.notPdf);
  }
  const xml =
    KNOWN_NAMES.map((known) => found.find((a) => a.name.toLowerCase() === known)).find(Boolean) ??
    found.find((a) => a.name.toLowerCase().endsWith('.xml'));
  if (!xml) throw new EInvoiceReadError(EINVOICE_FILE_MESSAGES.noXml);
  return new TextDecoder('utf-8').decode(xml.bytes);
}

const CII_ROOT = /<(?:[\w.-]+:)?CrossIndustryInvoice[\s>]/;

const isPdf = (bytes: Uint8Array) =>
  new TextDecoder('latin1').decode(bytes.subarray(0, 1024)).includes('%PDF-');

export interface ReceivedEInvoice {
  document: EInvoiceDocument;
  /** What the file was: UBL 2.1 XML (Peppol BIS, XRechnung), CII XML, or a Factur-X PDF. */
  format: 'UBL' | 'CII' | 'Factur-X';
}

/** A received file, XML or PDF, read into the EN 16931 model. */
export async function readEInvoiceFile(bytes: Uint8Array): Promise<ReceivedEInvoice> {
  if (bytes.length === 0) throw new EInvoiceReadError(EINVOICE_FILE_MESSAGES.empty);
  if (bytes.length > EINVOICE_FILE_MAX_BYTES)
    throw new EInvoiceReadError(EINVOICE_FILE_MESSAGES.tooLarge);
  if (isPdf(bytes)) {
    return { document: readEInvoice(await extractFacturXXml(bytes)), format: 'Factur-X' };
  }
  const xml = new TextDecoder('utf-8').decode(bytes);
  const document = readEInvoice(xml);
  // The reader accepted it, so its root is either a CII CrossIndustryInvoice or a UBL document.
  return { document, format: CII_ROOT.test(xml) ? 'CII' : 'UBL' };
}

export { EINVOICE_READ_MESSAGES, EInvoiceReadError };
