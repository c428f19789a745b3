import { useEffect, useRef, useState } from 'react';
import { ActionIcon, TextInput, type TextInputProps } from '@mantine/core';
import { IconCalendar } from '@tabler/icons-react';
import { DATE_MESSAGES, formatLocaleDate, parseLocaleDate } from '@smb/shared-types/locale-dates';
import { useLocale } from '../lib/locale';

export interface DateInputProps extends Omit<
  TextInputProps,
  'value' | 'onChange' | 'error' | 'type' | 'min'
> {
  /** The day as 'YYYY-MM-DD', or '' when blank. */
  value: string;
  /**
   * The day typed ('YYYY-MM-DD'), '' when blank, or null while the text is not a day in the
   * locale (the field then says why; a form treats null as a problem and never saves it).
   */
  onChange: (day: string | null) => void;
  /** The first day allowed ('YYYY-MM-DD'): an earlier one is refused with a message. */
  min?: string;
  /** The form's own message for the field (shown when the text itself is a day). */
  error?: TextInputProps['error'];
}

/** The day in `text` as the locale reads it, or the message why not. */
function read(text: string, locale: string, min: string | undefined) {
  if (text.trim() === '') return { day: '', problem: null };
  const parsed = parseLocaleDate(text, locale);
  if (!parsed.ok) return { day: null, problem: parsed.message };
  if (min && parsed.value < min)
    return { day: null, problem: DATE_MESSAGES.tooEarly(formatLocaleDate(min, locale)) };
  return { day: parsed.value, problem: null };
}

/**
 * The one date field. Shows and reads the day in the tenant's locale (`26.11.2026`
 * under de-DE, `11/26/2026` under en-US) — a native date input would follow the browser's
 * language instead — and refuses what the locale would not write with a message, never guessing
 * another day. The calendar button opens the browser's own picker; the day picked is shown the
 * locale's way.
 */
export function DateInput({
  value,
  onChange,
  min,
  error,
  onBlur,
  label,
  disabled,
  ...props
}: DateInputProps) {
  const locale = useLocale();
  const [text, setText] = useState(() => formatLocaleDate(value, locale));
  const [problem, setProblem] = useState<string | null>(null);
  const [touched, setTouched] = useState(false);
  const emitted = useRef<string | null>(value);
  const picker = useRef<HTMLInputElement>(null);

  // A day set from outside (new terms move the due date) replaces the text; while the text is
  // refused, what the form made of it does not.
  useEffect(() => {
    if (value === emitted.current || emitted.current === null) return;
    emitted.current = value;
    setText(formatLocaleDate(value, locale));
    setProblem(null);
  }, [value, locale]);

  const change = (next: string) => {
    setText(next);
    const { day, problem: why } = read(next, locale, min);
    setProblem(why);
    emitted.current = day;
    onChange(day);
  };

  const pick = (day: string) => {
    setTouched(true);
    change(formatLocaleDate(day, locale));
  };

  const openPicker = () => {
    const input = picker.current;
    if (!input) return;
    input.value = emitted.current ?? '';
    if (typeof input.showPicker === 'function') input.showPicker();
    else input.click();
  };

  return (
    <>
      <TextInput
        inputMode="numeric"
        autoComplete="off"
        placeholder={formatLocaleDate('2026-11-26', locale)}
        {...props}
        label={label}
        disabled={disabled}
        value={text}
        onChange={(e) => change(e.currentTarget.value)}
        onBlur={(e) => {
          setTouched(true);
          if (!problem && emitted.current) setText(formatLocaleDate(emitted.current, locale));
          onBlur?.(e);
        }}
        error={(touched || error) && problem ? problem : error}
        rightSection={
          <ActionIcon
            variant="subtle"
            color="gray"
            onClick={openPicker}
            disabled={disabled}
            aria-label="Open calendar"
          >
            <IconCalendar size={18} />
          </ActionIcon>
        }
      />
      <input
        ref={picker}
        type="date"
        tabIndex={-1}
        aria-hidden
        min={min}
        onChange={(e) => e.currentTarget.value && pick(e.currentTarget.value)}
        style={{ position: 'absolute', width: 1, height: 1, opacity: 0, pointerEvents: 'none' }}
      />
    </>
  );
}
