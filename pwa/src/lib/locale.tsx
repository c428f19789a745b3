import { createContext, Fragment, useContext, type ReactNode } from 'react';
import { DEFAULT_LOCALE } from '@smb/shared-types/locale-numbers';
import { setFormatLocale } from './formats';

const LocaleContext = createContext<string>(DEFAULT_LOCALE);

/**
 * The tenant's locale for everything below: `useLocale()` for inputs, and the
 * formatting module (lib/formats.ts) for text. A change of locale (Settings → General) draws the
 * screens below again, so nothing keeps the old format.
 */
export function LocaleProvider({ locale, children }: { locale: string; children: ReactNode }) {
  setFormatLocale(locale);
  return (
    <LocaleContext.Provider value={locale}>
      <Fragment key={locale}>{children}</Fragment>
    </LocaleContext.Provider>
  );
}

/** The locale numbers are typed and shown in. */
export function useLocale(): string {
  return useContext(LocaleContext);
}
