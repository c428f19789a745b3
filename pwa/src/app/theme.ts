import { createTheme, type MantineColorsTuple } from '@mantine/core';

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

export const theme = createTheme({
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
