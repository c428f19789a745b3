import { StyleSheet } from '@react-pdf/renderer';

/** The documents' font family (registered by `registerDocumentFonts`). */
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

/** Every style of the document layout (layout.tsx). */
export const s = StyleSheet.create({
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
  breakdown: { marginTop: 2, marginBottom: 2 },
  breakdownHead: {
    flexDirection: 'row',
    color: MUTED,
    fontSize: 8,
    paddingVertical: 2,
    borderBottomWidth: 0.5,
    borderBottomColor: MUTED,
  },
  breakdownRow: { flexDirection: 'row', paddingVertical: 2 },
  breakdownRate: { flexGrow: 1, flexShrink: 1 },
  breakdownAmount: { width: 70, textAlign: 'right' },
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
