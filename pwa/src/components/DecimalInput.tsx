import { useEffect, useRef, useState } from 'react';
import { TextInput, type TextInputProps } from '@mantine/core';
import { formatDecimal, parseDecimal } from '@smb/shared-types/locale-numbers';
import { useLocale } from '../lib/locale';

export interface DecimalInputProps extends Omit<TextInputProps, 'value' | 'onChange' | 'error'> {
  /** A number, or '' when blank (as Mantine's NumberInput). */
  value: number | string;
  /**
   * The number typed, '' when blank, or NaN while the text is not a number in the locale (the
   * field then says why; a form treats NaN as a problem and never saves it).
   */
  onChange: (value: number | '') => void;
  /** Decimals the field allows: 2 for amounts, 3 for quantities and rates, 0 for whole numbers. */
  decimals: number;
  allowNegative?: boolean;
  /** The form's own message for the field (shown when the text itself parses). */
  error?: TextInputProps['error'];
}

function display(value: number | string, locale: string, decimals: number): string {
  if (value === '' || value === null || value === undefined) return '';
  const number = typeof value === 'number' ? value : Number(value);
  if (!Number.isFinite(number)) return '';
  return formatDecimal(String(number), locale, { maximumFractionDigits: decimals });
}

/**
 * The one input for amounts, quantities and percentages. Shown and parsed in the
 * tenant's locale (`parseDecimal`): '1.234,56' under de-DE is 1234.56; what the locale would not
 * write ('1.000,00' under en-US) is refused with a message, never turned into another number.
 */
export function DecimalInput({
  value,
  onChange,
  decimals,
  allowNegative = false,
  error,
  onBlur,
  onFocus,
  ...props
}: DecimalInputProps) {
  const locale = useLocale();
  const [text, setText] = useState(() => display(value, locale, decimals));
  const [problem, setProblem] = useState<string | null>(null);
  const [touched, setTouched] = useState(false);
  const emitted = useRef<number | ''>(typeof value === 'number' ? value : value === '' ? '' : NaN);

  // A value set from outside (a reset, a product picked) replaces the text; while the text is
  // refused, what the form made of it (0, blank) does not.
  useEffect(() => {
    const outside = typeof value === 'number' ? value : value === '' ? '' : Number(value);
    if (Object.is(outside, emitted.current) || Number.isNaN(emitted.current)) return;
    emitted.current = outside;
    setText(display(value, locale, decimals));
    setProblem(null);
  }, [value, locale, decimals]);

  const change = (next: string) => {
    setText(next);
    let result: number | '';
    if (next.trim() === '') {
      result = '';
      setProblem(null);
    } else {
      const parsed = parseDecimal(next, locale, { maxFractionDigits: decimals, allowNegative });
      result = parsed.ok ? Number(parsed.value) : NaN;
      setProblem(parsed.ok ? null : parsed.message);
    }
    emitted.current = result;
    onChange(result);
  };

  return (
    <TextInput
      inputMode={decimals > 0 ? 'decimal' : 'numeric'}
      autoComplete="off"
      {...props}
      value={text}
      onChange={(e) => change(e.currentTarget.value)}
      onFocus={onFocus}
      onBlur={(e) => {
        setTouched(true);
        if (!problem && typeof emitted.current === 'number')
          setText(display(emitted.current, locale, decimals));
        onBlur?.(e);
      }}
      error={(touched || error) && problem ? problem : error}
    />
  );
}
