/** @jsxRuntime automatic */
/** @jsxImportSource react */
/** The totals of the document layout: subtotal, allowances and charges, tax, total, payments. */
import { Text, View } from '@react-pdf/renderer';
import { s } from './layout-styles';
import type { DocumentModel, DocumentTaxRow } from './model';
import { TAX_CATEGORY_RULES } from '../tax-categories';
import { formatTaxRate } from './format';
import { roundMoney } from '../money';
import { taxCategoryText, type DocumentLanguage, type DocumentTextKey } from '../document-language';

type Translate = (key: DocumentTextKey, values?: Record<string, string | number>) => string;

/** The tax per rate (EN 16931's breakdown): rate, taxable amount and tax, one row each. */
function TaxBreakdownTable({
  rows,
  money,
  t,
  language,
}: {
  rows: DocumentTaxRow[];
  money: (v: number | string) => string;
  t: (key: DocumentTextKey) => string;
  language: DocumentLanguage;
}) {
  return (
    <View style={s.breakdown}>
      <View style={s.breakdownHead}>
        <Text style={s.breakdownRate}>{t('taxRate')}</Text>
        <Text style={s.breakdownAmount}>{t('taxableAmount')}</Text>
        <Text style={s.breakdownAmount}>{t('tax')}</Text>
      </View>
      {rows.map((row) => (
        <View key={`${row.category}|${row.rate}`} style={s.breakdownRow}>
          <Text style={s.breakdownRate}>
            {TAX_CATEGORY_RULES[row.category].taxed
              ? formatTaxRate(row.rate, language)
              : `${taxCategoryText(language, row.category)} (${row.category})`}
          </Text>
          <Text style={s.breakdownAmount}>{money(row.taxableAmount)}</Text>
          <Text style={s.breakdownAmount}>{money(row.taxAmount)}</Text>
        </View>
      ))}
    </View>
  );
}

/**
 * The totals block. An invoice with payments shows what is paid and what is left; an unpaid one
 * its total only. One rate prints as the one "Tax (19%)" line; several rates, or a category that
 * must say why no VAT is charged (reverse charge, exemption…), as the breakdown table.
 */
export function Totals({
  model,
  money,
  t,
  language,
}: {
  model: DocumentModel;
  money: (v: number | string) => string;
  t: Translate;
  language: DocumentLanguage;
}) {
  const hasPayments =
    model.amountPaid !== undefined &&
    model.amountPaid !== null &&
    roundMoney(model.amountPaid) !== '0.00' &&
    model.balanceDue !== undefined &&
    model.balanceDue !== null;
  const rows = model.taxBreakdown ?? [];
  const breakdown =
    rows.length > 1 || rows.some((r) => TAX_CATEGORY_RULES[r.category].needsExemptionReason)
      ? rows
      : [];
  return (
    <View style={s.bottom} wrap={false}>
      <View style={s.totals}>
        <View style={s.totalRow}>
          <Text style={s.factLabel}>{t('subtotal')}</Text>
          <Text>{money(model.subtotal)}</Text>
        </View>
        {(model.adjustments ?? []).map((a, i) => (
          <View key={`a${i}`} style={s.totalRow}>
            <Text style={s.factLabel}>{a.reason}</Text>
            <Text>
              {a.kind === 'allowance' ? '−' : ''}
              {money(a.amount)}
            </Text>
          </View>
        ))}
        {breakdown.length === 0 ? (
          <View style={s.totalRow}>
            <Text style={s.factLabel}>
              {t('taxWithRate', { rate: formatTaxRate(model.taxRate, language) })}
            </Text>
            <Text>{money(model.taxAmount)}</Text>
          </View>
        ) : (
          <TaxBreakdownTable rows={breakdown} money={money} t={t} language={language} />
        )}
        <View style={s.grandTotal}>
          <Text>{t('totalWithCurrency', { currency: model.currency.code })}</Text>
          <Text>{money(model.total)}</Text>
        </View>
        {hasPayments ? (
          <>
            <View style={s.totalRow}>
              <Text style={s.factLabel}>{t('amountPaid')}</Text>
              <Text>{money(model.amountPaid!)}</Text>
            </View>
            <View style={[s.totalRow, { fontWeight: 700 }]}>
              <Text>{t('balanceDue')}</Text>
              <Text>{money(model.balanceDue!)}</Text>
            </View>
          </>
        ) : null}
      </View>
    </View>
  );
}
