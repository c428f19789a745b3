import {
  createTheme,
  darken,
  defaultVariantColorsResolver,
  parseThemeColor,
  type CSSVariablesResolver,
  type MantineColorsTuple,
  type VariantColorsResolver,
} from '@mantine/core';

/** Brand indigo; shade 6 (#3b4cca) is the primary colour and the manifest's theme colour. */
const brand: MantineColorsTuple = [
  '#eef0ff',
  '#dcdffa',
  '#b6bcf0',
  '#8d97e7',
  '#6a77df',
  '#5463da',
  '#3b4cca',
  '#3140b3',
  '#2a38a1',
  '#1f2c8e',
];

/**
 * WCAG 2.1 AA (4.5:1 for text): Mantine's light/outline/subtle text on the pale tint of these
 * colours is 2.7–4.6:1 even at shade 9 (Pending yellow 2.68, Unpaid orange 3.61, Accepted green
 * 3.8). Their text is shade 9 darkened by this much; other colours already pass.
 */
const TINTED_TEXT_DARKEN: Record<string, number> = {
  yellow: 0.35,
  lime: 0.25,
  orange: 0.2,
  green: 0.2,
  teal: 0.1,
  red: 0.1,
};

const variantColorResolver: VariantColorsResolver = (input) => {
  const colors = defaultVariantColorsResolver(input);
  if (input.variant !== 'light' && input.variant !== 'outline' && input.variant !== 'subtle')
    return colors;
  const parsed = parseThemeColor({
    color: input.color || input.theme.primaryColor,
    theme: input.theme,
  });
  const amount = parsed.isThemeColor ? TINTED_TEXT_DARKEN[parsed.color] : undefined;
  if (amount === undefined || parsed.shade !== undefined) return colors;
  return { ...colors, color: darken(input.theme.colors[parsed.color]![9], amount) };
};

/**
 * `c="dimmed"` text: Mantine's gray 6 (#868e96) is 3.3:1 on white and 3.2:1 on the dashboard's
 * gray 0; #60676e is 5.7:1 and 5.4:1 and still reads as secondary.
 */
export const cssVariablesResolver: CSSVariablesResolver = () => ({
  variables: {},
  light: { '--mantine-color-dimmed': '#60676e' },
  dark: {},
});

export const theme = createTheme({
  variantColorResolver,
  primaryColor: 'brand',
  primaryShade: 6,
  colors: { brand },
  fontFamily:
    'Inter, ui-sans-serif, system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif',
  headings: {
    fontFamily:
      'Inter, ui-sans-serif, system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif',
    fontWeight: '700',
  },
  defaultRadius: 'md',
  cursorType: 'pointer',
  components: {
    Button: { defaultProps: { radius: 'md' } },
    Card: { defaultProps: { radius: 'lg', withBorder: true } },
    Paper: { defaultProps: { radius: 'lg' } },
  },
});
