// vega exports vega-scenegraph's text measurer, which its own declarations leave out.
import 'vega';

declare module 'vega' {
  /** A text mark's item as the measurer reads it. */
  export interface MeasuredText {
    readonly fontSize?: number | null;
    readonly fontWeight?: string | number | null;
    /** The width past which the text is cut short with an ellipsis; 0 or absent for none. */
    readonly limit?: number;
  }

  /** How Vega measures text; `width` may be replaced (as vl-convert does) to measure without a canvas. */
  export const textMetrics: { width: (item: MeasuredText, text?: unknown) => number };
}
