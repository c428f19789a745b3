/** @jsxRuntime automatic */
/** @jsxImportSource react */
import { Document, Image, Link, Page, StyleSheet, Text, View } from '@react-pdf/renderer';
import { DOCUMENT_TITLES, UNNUMBERED_LABEL, watermarkOf, type DocumentModel } from './model';
import { formatDocumentDate, formatDocumentMoney, formatQuantity, formatTaxRate } from './format';
import { parseNotes, type NoteRun } from './notes';
import { roundMoney } from '../money';

/**
 * The one layout of quotes, orders and invoices, rendered by the server (Node) and by the PWA
 * (browser) alike. Font family 'Inter' must be registered first (`registerDocumentFonts`).
 */
export const DOCUMENT_FONT = 'Inter';

const BRAND = '#3b4cca';
const INK = '#1f2933';
const MUTED = '#616e7c';
const RULE = '#d9dee5';
const SHADE = '#f3f5f8';

// Inter's contextual alternates (raised colons and dashes between figures and capitals) are off:
// they change nothing a document prints that matters, and cost a tenth of each render.
const TEXT_FEATURES = { calt: false } as const;
// Figures without kerning either: Inter's kerning tucks a decimal point under a 7 ("€7.85" read as
// "€785").
const FIGURES = { fontFeatureSettings: { ...TEXT_FEATURES, kern: false } } as const;

const s = StyleSheet.create({
  page: {
    fontFamily: DOCUMENT_FONT,
    fontFeatureSettings: TEXT_FEATURES,
    fontSize: 9,
    lineHeight: 1.4,
    color: INK,
    paddingTop: 48,
    paddingBottom: 64,
    paddingHorizontal: 48,
  },
  running: {
    position: 'absolute',
    top: 22,
    left: 48,
    right: 48,
    fontSize: 8,
    color: MUTED,
  },
  footer: {
    position: 'absolute',
    bottom: 24,
    left: 48,
    right: 48,
    flexDirection: 'row',
    justifyContent: 'space-between',
    alignItems: 'flex-end',
    borderTopWidth: 0.75,
    borderTopColor: RULE,
    paddingTop: 6,
    fontSize: 7.5,
    color: MUTED,
  },
  footerText: { flex: 1, paddingRight: 96 },
  pageNumber: {
    position: 'absolute',
    left: 48,
    right: 48,
    textAlign: 'right',
    fontSize: 7.5,
    color: MUTED,
  },
  watermarkBox: {
    position: 'absolute',
    top: 0,
    bottom: 0,
    left: 0,
    right: 0,
    alignItems: 'center',
    justifyContent: 'center',
  },
  watermark: {
    fontSize: 84,
    lineHeight: 1.2,
    fontWeight: 700,
    color: '#c92a2a',
    opacity: 0.09,
    transform: 'rotate(-35deg)',
  },
  header: {
    flexDirection: 'row',
    justifyContent: 'space-between',
    alignItems: 'flex-start',
    paddingBottom: 16,
    marginBottom: 18,
    borderBottomWidth: 2,
    borderBottomColor: BRAND,
  },
  company: { width: '58%' },
  logo: { maxHeight: 52, maxWidth: 170, objectFit: 'contain', marginBottom: 8 },
  companyName: { fontSize: 13, lineHeight: 1.3, fontWeight: 700, marginBottom: 3 },
  line: { color: MUTED },
  titleBlock: { width: '40%', alignItems: 'flex-end' },
  title: { fontSize: 24, lineHeight: 1.2, fontWeight: 700, color: BRAND, marginBottom: 2 },
  number: { fontSize: 11, lineHeight: 1.3, fontWeight: 700, marginBottom: 8 },
  unnumbered: { fontSize: 9, fontStyle: 'italic', color: MUTED, marginBottom: 8 },
  facts: { width: 190 },
  fact: { flexDirection: 'row', justifyContent: 'space-between', marginBottom: 1 },
  factLabel: { color: MUTED },
  factValue: { fontWeight: 700, ...FIGURES },
  parties: { flexDirection: 'row', marginBottom: 20 },
  party: { width: '50%', paddingRight: 16 },
  label: {
    fontSize: 7.5,
    fontWeight: 700,
    color: MUTED,
    textTransform: 'uppercase',
    marginBottom: 4,
  },
  partyName: { fontSize: 10, lineHeight: 1.4, fontWeight: 700, marginBottom: 1 },
  table: { marginBottom: 14 },
  headRow: {
    flexDirection: 'row',
    backgroundColor: SHADE,
    borderBottomWidth: 1,
    borderBottomColor: RULE,
    paddingVertical: 5,
    paddingHorizontal: 6,
  },
  headCell: {
    fontSize: 7.5,
    fontWeight: 700,
    color: MUTED,
    textTransform: 'uppercase',
  },
  row: {
    flexDirection: 'row',
    borderBottomWidth: 0.5,
    borderBottomColor: RULE,
    paddingVertical: 5,
    paddingHorizontal: 6,
  },
  colNo: { width: 22, color: MUTED },
  colProduct: { flex: 1, paddingRight: 8 },
  colSku: { width: 78, paddingRight: 6, color: MUTED },
  colQty: { width: 46, textAlign: 'right', ...FIGURES },
  colPrice: { width: 82, textAlign: 'right', ...FIGURES },
  colTotal: { width: 88, textAlign: 'right', ...FIGURES },
  bottom: { flexDirection: 'row', justifyContent: 'flex-end', marginBottom: 18 },
  totals: { width: 230, ...FIGURES },
  totalRow: {
    flexDirection: 'row',
    justifyContent: 'space-between',
    paddingVertical: 3,
    paddingHorizontal: 6,
  },
  grandTotal: {
    flexDirection: 'row',
    justifyContent: 'space-between',
    marginTop: 4,
    paddingVertical: 6,
    paddingHorizontal: 6,
    backgroundColor: BRAND,
    color: '#ffffff',
    fontSize: 11,
    fontWeight: 700,
  },
  section: { marginBottom: 14 },
  paragraph: { marginBottom: 4 },
  listItem: { flexDirection: 'row', marginBottom: 2 },
  bullet: { width: 16, color: MUTED },
  link: { color: BRAND, textDecoration: 'underline' },
  preLine: { marginBottom: 0 },
});

function Lines({ text }: { text: string | null | undefined }) {
  if (!text) return null;
  return text
    .split('\n')
    .filter((l) => l.trim() !== '')
    .map((l, i) => (
      <Text key={i} style={s.line}>
        {l}
      </Text>
    ));
}

function Fact({ label, value }: { label: string; value: string | null | undefined }) {
  if (!value) return null;
  return (
    <View style={s.fact}>
      <Text style={s.factLabel}>{label}</Text>
      <Text style={s.factValue}>{value}</Text>
    </View>
  );
}

function Run({ run }: { run: NoteRun }) {
  const style = {
    ...(run.bold ? { fontWeight: 700 } : {}),
    ...(run.italic ? { fontStyle: 'italic' as const } : {}),
    ...(run.underline ? { textDecoration: 'underline' as const } : {}),
    ...(run.strike ? { textDecoration: 'line-through' as const } : {}),
  };
  if (run.href)
    return (
      <Link src={run.href} style={[s.link, style]}>
        {run.text}
      </Link>
    );
  return <Text style={style}>{run.text}</Text>;
}

function Notes({ html }: { html: string }) {
  const blocks = parseNotes(html);
  if (blocks.length === 0) return null;
  return (
    <View style={s.section}>
      <Text style={s.label}>Notes</Text>
      {blocks.map((block, i) =>
        block.type === 'paragraph' ? (
          <Text key={i} style={s.paragraph}>
            {block.runs.map((run, j) => (
              <Run key={j} run={run} />
            ))}
          </Text>
        ) : (
          <View key={i} style={s.paragraph}>
            {block.items.map((item, j) => (
              <View key={j} style={s.listItem} wrap={false}>
                <Text style={s.bullet}>{block.ordered ? `${j + 1}.` : '•'}</Text>
                <Text style={{ flex: 1 }}>
                  {item.map((run, k) => (
                    <Run key={k} run={run} />
                  ))}
                </Text>
              </View>
            ))}
          </View>
        ),
      )}
    </View>
  );
}

function Party({
  label,
  party,
}: {
  label: string;
  party: DocumentModel['customer'] | DocumentModel['contact'];
}) {
  if (!party) return <View style={s.party} />;
  return (
    <View style={s.party}>
      <Text style={s.label}>{label}</Text>
      <Text style={s.partyName}>{party.name}</Text>
      {party.role ? <Text style={s.line}>{party.role}</Text> : null}
      <Lines text={party.address} />
      <Lines text={party.address2} />
      {party.email ? <Text style={s.line}>{party.email}</Text> : null}
      {party.phone ? <Text style={s.line}>{party.phone}</Text> : null}
    </View>
  );
}

/** The PDF document of a quote, order or invoice. */
export function DocumentPdf({ model }: { model: DocumentModel }) {
  const title = DOCUMENT_TITLES[model.kind];
  const money = (v: number | string) => formatDocumentMoney(v, model.currency.symbol);
  const company = model.company;
  const companyName = company.legalName || company.name;
  const watermark = watermarkOf(model.status);
  const numberText = model.number ?? UNNUMBERED_LABEL;
  // An invoice with payments shows what is paid and what is left; an unpaid one its total only.
  const hasPayments =
    model.amountPaid !== undefined &&
    model.amountPaid !== null &&
    roundMoney(model.amountPaid) !== '0.00' &&
    model.balanceDue !== undefined &&
    model.balanceDue !== null;

  return (
    <Document
      title={`${title} ${model.number ?? 'Draft'}`}
      author={companyName}
      creator={companyName}
      producer="SMB Finance"
      language="en"
    >
      <Page size={model.paperSize === 'Letter' ? 'LETTER' : 'A4'} style={s.page} wrap>
        {watermark ? (
          <View style={s.watermarkBox} fixed>
            <Text style={s.watermark}>{watermark}</Text>
          </View>
        ) : null}

        <Text
          style={s.running}
          fixed
          render={({ pageNumber }) =>
            pageNumber > 1 ? `${companyName} · ${title} ${model.number ?? '(draft)'}` : ''
          }
        />

        <View style={s.header}>
          <View style={s.company}>
            {model.logo ? <Image style={s.logo} src={model.logo} /> : null}
            <Text style={s.companyName}>{companyName}</Text>
            <Lines text={company.address} />
            {company.country ? <Text style={s.line}>{company.country}</Text> : null}
            {company.taxId ? <Text style={s.line}>Tax ID: {company.taxId}</Text> : null}
            {company.email ? <Text style={s.line}>{company.email}</Text> : null}
            {company.phone ? <Text style={s.line}>{company.phone}</Text> : null}
            {company.website ? <Text style={s.line}>{company.website}</Text> : null}
          </View>
          <View style={s.titleBlock}>
            <Text style={s.title}>{title}</Text>
            <Text style={model.number ? s.number : s.unnumbered}>{numberText}</Text>
            <View style={s.facts}>
              <Fact label="Date" value={formatDocumentDate(model.issueDate)} />
              {model.validUntil ? (
                <Fact label="Valid until" value={formatDocumentDate(model.validUntil)} />
              ) : null}
              {model.dueDate ? (
                <Fact label="Due date" value={formatDocumentDate(model.dueDate)} />
              ) : null}
              {(model.references ?? []).map((r) => (
                <Fact key={r.label} label={r.label} value={r.value} />
              ))}
              <Fact label="Status" value={model.status} />
              <Fact label="Currency" value={model.currency.code} />
            </View>
          </View>
        </View>

        <View style={s.parties}>
          <Party label="Bill to" party={model.customer} />
          <Party label="Contact" party={model.contact} />
        </View>

        <View style={s.table}>
          <View style={s.headRow} fixed>
            <Text style={[s.headCell, s.colNo]}>#</Text>
            <Text style={[s.headCell, s.colProduct]}>Product</Text>
            <Text style={[s.headCell, s.colSku]}>SKU</Text>
            <Text style={[s.headCell, s.colQty]}>Qty</Text>
            <Text style={[s.headCell, s.colPrice]}>Unit price</Text>
            <Text style={[s.headCell, s.colTotal]}>Amount</Text>
          </View>
          {model.items.map((item, i) => (
            <View key={i} style={s.row} wrap={false}>
              <Text style={s.colNo}>{i + 1}</Text>
              <Text style={s.colProduct}>{item.name}</Text>
              <Text style={s.colSku}>{item.sku ?? ''}</Text>
              <Text style={s.colQty}>{formatQuantity(item.quantity)}</Text>
              <Text style={s.colPrice}>{money(item.unitPrice)}</Text>
              <Text style={s.colTotal}>{money(item.lineTotal)}</Text>
            </View>
          ))}
        </View>

        <View style={s.bottom} wrap={false}>
          <View style={s.totals}>
            <View style={s.totalRow}>
              <Text style={s.factLabel}>Subtotal</Text>
              <Text>{money(model.subtotal)}</Text>
            </View>
            <View style={s.totalRow}>
              <Text style={s.factLabel}>Tax ({formatTaxRate(model.taxRate)})</Text>
              <Text>{money(model.taxAmount)}</Text>
            </View>
            <View style={s.grandTotal}>
              <Text>Total {model.currency.code}</Text>
              <Text>{money(model.total)}</Text>
            </View>
            {hasPayments ? (
              <>
                <View style={s.totalRow}>
                  <Text style={s.factLabel}>Amount paid</Text>
                  <Text>{money(model.amountPaid!)}</Text>
                </View>
                <View style={[s.totalRow, { fontWeight: 700 }]}>
                  <Text>Balance due</Text>
                  <Text>{money(model.balanceDue!)}</Text>
                </View>
              </>
            ) : null}
          </View>
        </View>

        <Notes html={model.notes} />

        {company.paymentInstructions ? (
          <View style={s.section} wrap={false}>
            <Text style={s.label}>Payment instructions</Text>
            <Lines text={company.paymentInstructions} />
          </View>
        ) : null}

        <View style={s.footer} fixed>
          <Text style={s.footerText}>{company.documentFooter ?? ''}</Text>
        </View>
        <Text
          // Positioned from the top: a page-number text anchored to the bottom is not drawn.
          style={[s.pageNumber, { top: (model.paperSize === 'Letter' ? 792 : 841.89) - 24 - 10 }]}
          fixed
          render={({ pageNumber, totalPages }) => `Page ${pageNumber} of ${totalPages}`}
        />
      </Page>
    </Document>
  );
}
