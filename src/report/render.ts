import * as vega from 'vega';
import { compile, type TopLevelSpec } from 'vega-lite';

/**
 * A Vega-Lite spec as an SVG document, rendered headless in Node. Without the optional node-canvas package Vega
 * estimates text widths instead of measuring them, which is all an SVG needs: the text itself is written as <text>.
 */
export async function renderSvg(spec: TopLevelSpec): Promise<string> {
  const view = new vega.View(vega.parse(compile(spec).spec), { renderer: 'none' });
  try {
    return await view.toSVG();
  } finally {
    view.finalize();
  }
}
