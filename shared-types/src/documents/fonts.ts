import { Font } from '@react-pdf/renderer';
import { DOCUMENT_FONT } from './layout-styles';

/** Where each face of the embedded font is: file paths in Node, URLs in the browser. */
export interface DocumentFontSources {
  regular: string;
  italic: string;
  bold: string;
  boldItalic: string;
}

let registered = false;
let warmed: Promise<void> | null = null;

const FACES = [
  { fontWeight: 400, fontStyle: 'normal' },
  { fontWeight: 400, fontStyle: 'italic' },
  { fontWeight: 700, fontStyle: 'normal' },
  { fontWeight: 700, fontStyle: 'italic' },
] as const;

/** Latin-1, Latin Extended-A/B, general punctuation, currency signs, №, ™. */
const WARM_RANGES: Array<[number, number]> = [
  [0x20, 0x24f],
  [0x2000, 0x206f],
  [0x20a0, 0x20cf],
  [0x2116, 0x2116],
  [0x2122, 0x2122],
];

interface GlyphCache {
  glyphForCodePoint?: (codePoint: number) => unknown;
}

/**
 * Registers Inter (SIL Open Font License; Latin-1, Latin Extended-A, € £ ¥) once per process or
 * page. Words are never hyphenated: names and SKUs must print as typed.
 */
export function registerDocumentFonts(sources: DocumentFontSources): void {
  if (registered) return;
  Font.register({
    family: DOCUMENT_FONT,
    fonts: [
      { src: sources.regular, fontWeight: 400, fontStyle: 'normal' },
      { src: sources.italic, fontWeight: 400, fontStyle: 'italic' },
      { src: sources.bold, fontWeight: 700, fontStyle: 'normal' },
      { src: sources.boldItalic, fontWeight: 700, fontStyle: 'italic' },
    ],
  });
  Font.registerHyphenationCallback((word) => [word]);
  registered = true;
}

/**
 * Registers the fonts and loads every face with its glyphs of the ranges documents print.
 * fontkit caches a glyph object per glyph id with the characters it was first made for; a glyph
 * first reached through an OpenType substitution keeps no characters, and the PDF's text layer
 * (copy, search, pdftotext) then loses that letter in every later document of the process.
 * Making each glyph from its character first keeps the text layer whole.
 */
export function prepareDocumentFonts(sources: DocumentFontSources): Promise<void> {
  registerDocumentFonts(sources);
  warmed ??= (async () => {
    for (const face of FACES) {
      const descriptor = { fontFamily: DOCUMENT_FONT, ...face };
      await Font.load(descriptor);
      const font = (Font.getFont(descriptor) as { data?: GlyphCache } | null)?.data;
      if (!font?.glyphForCodePoint) continue;
      for (const [from, to] of WARM_RANGES)
        for (let cp = from; cp <= to; cp++) font.glyphForCodePoint(cp);
    }
  })();
  return warmed;
}

/** The font files inside the npm package, relative to the package root. */
export const DOCUMENT_FONT_FILES: DocumentFontSources = {
  regular: '400Regular/Inter_400Regular.ttf',
  italic: '400Regular_Italic/Inter_400Regular_Italic.ttf',
  bold: '700Bold/Inter_700Bold.ttf',
  boldItalic: '700Bold_Italic/Inter_700Bold_Italic.ttf',
};
export const DOCUMENT_FONT_PACKAGE = '@expo-google-fonts/inter';
