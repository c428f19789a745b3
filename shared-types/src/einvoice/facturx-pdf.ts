/**
 * Turns an invoice PDF rendered as PDF/A-3b (the layout renders with `conformance="PDF/A-3b"`:
 * fonts embedded, an sRGB output intent) into a Factur-X / ZUGFeRD invoice: the CII XML is
 * attached as `factur-x.xml` with the relationship `Data`, listed in the catalog's associated
 * files, and described by XMP metadata carrying the Factur-X extension schema. A person sees the
 * same pages; a machine reads the XML. Works in the browser and on the server (pdf-lib).
 */
import { AFRelationship, PDFArray, PDFDict, PDFDocument, PDFName } from 'pdf-lib';
import { create } from 'xmlbuilder2';

export const FACTURX_FILE_NAME = 'factur-x.xml';

export interface FacturXMetadata {
  /** The document's title, e.g. 'Invoice INV-2026-0042'. */
  title: string;
  /** The seller's name. */
  author: string;
  /** 'INVOICE' for invoices and credit notes alike (Factur-X has no other type for EN 16931). */
  documentType?: 'INVOICE';
  date: Date;
}

const NS = {
  x: 'adobe:ns:meta/',
  rdf: 'http://www.w3.org/1999/02/22-rdf-syntax-ns#',
  pdfaid: 'http://www.aiim.org/pdfa/ns/id/',
  dc: 'http://purl.org/dc/elements/1.1/',
  xmp: 'http://ns.adobe.com/xap/1.0/',
  pdf: 'http://ns.adobe.com/pdf/1.3/',
  fx: 'urn:factur-x:pdfa:CrossIndustryDocument:invoice:1p0#',
  pdfaExtension: 'http://www.aiim.org/pdfa/ns/extension/',
  pdfaSchema: 'http://www.aiim.org/pdfa/ns/schema#',
  pdfaProperty: 'http://www.aiim.org/pdfa/ns/property#',
};
const PRODUCER = 'SMB Finance';

const FX_PROPERTIES = [
  ['DocumentFileName', 'The name of the embedded XML document'],
  ['DocumentType', 'The type of the hybrid document in capital letters, e.g. INVOICE or ORDER'],
  ['Version', 'The actual version of the standard applying to the embedded XML document'],
  ['ConformanceLevel', 'The conformance level of the embedded XML document'],
] as const;

/** The XMP packet: PDF/A-3b identification, the document's own terms and the Factur-X schema. */
function xmpPacket(meta: FacturXMetadata): string {
  const when = meta.date.toISOString().replace(/\.\d{3}Z$/, 'Z');
  const doc = create({ version: '1.0', encoding: 'UTF-8' });
  doc.ins('xpacket', 'begin="\uFEFF" id="W5M0MpCehiHzreSzNTczkc9d"');
  const rdf = doc.ele(NS.x, 'x:xmpmeta').ele(NS.rdf, 'rdf:RDF');
  const description = (prefix: keyof typeof NS) =>
    rdf.ele(NS.rdf, 'rdf:Description', { 'rdf:about': '', [`xmlns:${prefix}`]: NS[prefix] });
  const add = (
    parent: ReturnType<typeof description>,
    prefix: keyof typeof NS,
    name: string,
    value: string,
  ) => parent.ele(NS[prefix], `${prefix}:${name}`).txt(value).up();

  const id = description('pdfaid');
  add(id, 'pdfaid', 'part', '3');
  add(id, 'pdfaid', 'conformance', 'B');

  const dc = description('dc');
  dc.ele(NS.dc, 'dc:format').txt('application/pdf');
  dc.ele(NS.dc, 'dc:title')
    .ele(NS.rdf, 'rdf:Alt')
    .ele(NS.rdf, 'rdf:li', { 'xml:lang': 'x-default' })
    .txt(meta.title);
  dc.ele(NS.dc, 'dc:creator').ele(NS.rdf, 'rdf:Seq').ele(NS.rdf, 'rdf:li').txt(meta.author);

  const xmp = description('xmp');
  add(xmp, 'xmp', 'CreatorTool', PRODUCER);
  add(xmp, 'xmp', 'CreateDate', when);
  add(xmp, 'xmp', 'ModifyDate', when);
  add(xmp, 'xmp', 'MetadataDate', when);

  add(description('pdf'), 'pdf', 'Producer', PRODUCER);

  const fx = description('fx');
  add(fx, 'fx', 'DocumentType', meta.documentType ?? 'INVOICE');
  add(fx, 'fx', 'DocumentFileName', FACTURX_FILE_NAME);
  add(fx, 'fx', 'Version', '1.0');
  add(fx, 'fx', 'ConformanceLevel', 'EN 16931');

  const extension = rdf.ele(NS.rdf, 'rdf:Description', {
    'rdf:about': '',
    'xmlns:pdfaExtension': NS.pdfaExtension,
    'xmlns:pdfaSchema': NS.pdfaSchema,
    'xmlns:pdfaProperty': NS.pdfaProperty,
  });
  const schema = extension
    .ele(NS.pdfaExtension, 'pdfaExtension:schemas')
    .ele(NS.rdf, 'rdf:Bag')
    .ele(NS.rdf, 'rdf:li', { 'rdf:parseType': 'Resource' });
  schema.ele(NS.pdfaSchema, 'pdfaSchema:schema').txt('Factur-X PDFA Extension Schema');
  schema.ele(NS.pdfaSchema, 'pdfaSchema:namespaceURI').txt(NS.fx);
  schema.ele(NS.pdfaSchema, 'pdfaSchema:prefix').txt('fx');
  const properties = schema.ele(NS.pdfaSchema, 'pdfaSchema:property').ele(NS.rdf, 'rdf:Seq');
  for (const [name, text] of FX_PROPERTIES) {
    const property = properties.ele(NS.rdf, 'rdf:li', { 'rdf:parseType': 'Resource' });
    property.ele(NS.pdfaProperty, 'pdfaProperty:name').txt(name);
    property.ele(NS.pdfaProperty, 'pdfaProperty:valueType').txt('Text');
    property.ele(NS.pdfaProperty, 'pdfaProperty:category').txt('external');
    property.ele(NS.pdfaProperty, 'pdfaProperty:description').txt(text);
  }
  doc.ins('xpacket', 'end="w"');
  return doc.end({ headless: true, prettyPrint: true });
}

export async function embedFacturX(
  pdf: Uint8Array,
  xml: string,
  meta: FacturXMetadata,
): Promise<Uint8Array> {
  const document = await PDFDocument.load(pdf, { updateMetadata: false });
  const xmlBytes = new TextEncoder().encode(xml);
  await document.attach(xmlBytes, FACTURX_FILE_NAME, {
    mimeType: 'text/xml',
    description: 'Factur-X invoice',
    creationDate: meta.date,
    modificationDate: meta.date,
    afRelationship: AFRelationship.Data,
  });

  // The catalog lists the attachment among its associated files (PDF/A-3's /AF).
  const context = document.context;
  const catalog = document.catalog;
  await document.flush();
  const fileSpecs = catalog
    .lookupMaybe(PDFName.of('Names'), PDFDict)
    ?.lookupMaybe(PDFName.of('EmbeddedFiles'), PDFDict)
    ?.lookupMaybe(PDFName.of('Names'), PDFArray);
  // A name tree's leaf alternates names and file specifications.
  const specRefs = (fileSpecs?.asArray() ?? []).filter((_, i) => i % 2 === 1);
  catalog.set(PDFName.of('AF'), context.obj(specRefs));

  // Info dictionary and XMP say the same (PDF/A asks for both to agree).
  document.setTitle(meta.title, { showInWindowTitleBar: true });
  document.setAuthor(meta.author);
  document.setCreator(PRODUCER);
  document.setProducer(PRODUCER);
  document.setCreationDate(meta.date);
  document.setModificationDate(meta.date);
  const metadata = context.stream(new TextEncoder().encode(xmpPacket(meta)), {
    Type: 'Metadata',
    Subtype: 'XML',
  });
  catalog.set(PDFName.of('Metadata'), context.register(metadata));
  return document.save({ useObjectStreams: false });
}
