/**
 * Text widths for the SVGs rendered in Node, from Helvetica's published font metrics, which Arial, Liberation Sans and
 * Nimbus Sans share: the charts name these faces (CHART_FONT in charts.ts). Without the native node-canvas package
 * Vega guesses 0.8 em a character, about half again too wide: long axis labels stood off their axes and legends
 * trailed empty space. Fixed metrics also lay a chart out the same on every machine, whatever fonts it has.
 */
import { Encodings, Font, FontNames } from '@pdf-lib/standard-fonts';
import type { MeasuredText } from 'vega';

const REGULAR = Font.load(FontNames.Helvetica);
const BOLD = Font.load(FontNames.HelveticaBold);

/** The font metrics' units per em. */
const UNITS_PER_EM = 1000;

/** Characters the charts write that Windows-1252 lacks, by their glyph names in the metrics: d3's minus sign, ≤, ≥, ≠. */
const GLYPHS_BEYOND_WINANSI: ReadonlyMap<number, string> = new Map([
  [0x2212, 'minus'],
  [0x2264, 'lessequal'],
  [0x2265, 'greaterequal'],
  [0x2260, 'notequal'],
]);

/** Any other character: a digit's width, near the sans-serif faces' own. */
const OTHER_CHARACTER = 556;

/** Vega's default size of a text mark's font. */
const DEFAULT_FONT_SIZE = 11;

/** A line of text's width in pixels as Vega lays it out: at most the mark's limit, where it is cut short. */
export function measuredTextWidth(item: MeasuredText, text?: unknown): number {
  const line = text == null ? '' : String(text).trim();
  const width = textWidth(line, item.fontSize ?? DEFAULT_FONT_SIZE, isBold(item.fontWeight));
  return item.limit !== undefined && item.limit > 0 ? Math.min(width, item.limit) : width;
}

/** A text's width in pixels in Helvetica (bold or regular) at a font size in pixels. */
export function textWidth(text: string, fontSize: number, bold: boolean): number {
  const font = bold ? BOLD : REGULAR;
  let units = 0;
  for (const character of text) units += characterWidth(font, character.codePointAt(0)!);
  return (units * fontSize) / UNITS_PER_EM;
}

function characterWidth(font: Font, codePoint: number): number {
  const glyph = Encodings.WinAnsi.canEncodeUnicodeCodePoint(codePoint) ? Encodings.WinAnsi.encodeUnicodeCodePoint(codePoint).name : GLYPHS_BEYOND_WINANSI.get(codePoint);
  return (glyph === undefined ? undefined : font.getWidthOfGlyph(glyph)) ?? OTHER_CHARACTER;
}

function isBold(weight: string | number | null | undefined): boolean {
  return weight === 'bold' || weight === 'bolder' || Number(weight) >= 600;
}
