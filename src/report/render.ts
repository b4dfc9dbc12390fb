import * as vega from 'vega';
import { compile, type TopLevelSpec } from 'vega-lite';
import { measuredTextWidth } from './text-width.ts';

vega.textMetrics.width = measuredTextWidth;

/**
 * A Vega-Lite spec as an SVG document, rendered headless in Node, its text measured by Helvetica's metrics
 * (text-width.ts): the layout needs only widths, the text itself is written as <text>.
 */
export async function renderSvg(spec: TopLevelSpec): Promise<string> {
  const view = new vega.View(vega.parse(compile(spec).spec), { renderer: 'none' });
  try {
    return await view.toSVG();
  } finally {
    view.finalize();
  }
}
