import type { TopLevelSpec } from 'vega-lite';
import { describe, expect, it } from 'vitest';
import { renderSvg } from '../../src/report/render.ts';
import { measuredTextWidth, textWidth } from '../../src/report/text-width.ts';

describe('textWidth', () => {
  it("sums Helvetica's character widths at the font size", () => {
    // H 722, e 556, l 222, l 222, o 556 thousandths of an em.
    expect(textWidth('Hello', 10, false)).toBeCloseTo(22.78, 9);
    expect(textWidth('Hello', 20, false)).toBeCloseTo(45.56, 9);
    // Bold: H 722, e 556, l 278, l 278, o 611.
    expect(textWidth('Hello', 10, true)).toBeCloseTo(24.45, 9);
  });

  it("gives a character outside the metrics' set a digit's width", () => {
    expect(textWidth('≥', 10, false)).toBeCloseTo(textWidth('0', 10, false), 9);
  });
});

describe('measuredTextWidth', () => {
  it("reads a Vega text item's size, weight and limit, trimming the line as Vega does", () => {
    expect(measuredTextWidth({ fontSize: 10 }, ' Hello ')).toBeCloseTo(22.78, 9);
    expect(measuredTextWidth({}, 'Hello')).toBeCloseTo(textWidth('Hello', 11, false), 9);
    expect(measuredTextWidth({ fontSize: 10, fontWeight: 'bold' }, 'Hello')).toBeCloseTo(24.45, 9);
    expect(measuredTextWidth({ fontSize: 10, fontWeight: 700 }, 'Hello')).toBeCloseTo(24.45, 9);
    expect(measuredTextWidth({ fontSize: 10, limit: 20 }, 'Hello')).toBe(20);
    expect(measuredTextWidth({ fontSize: 10 }, undefined)).toBe(0);
  });
});

describe('SVG layout', () => {
  it('leaves room for a long axis label by its measured width, not 0.8 em a character', async () => {
    const label = 'afterLoss=endTurn, opponentSetup=prepare, eagleReroll=missed, step7=all';
    const spec = {
      data: { values: [{ label, value: 1 }] },
      mark: 'bar',
      width: 100,
      encoding: { y: { field: 'label', type: 'nominal', title: null, axis: { labelLimit: 0 } }, x: { field: 'value', type: 'quantitative' } },
    } as TopLevelSpec;
    const svg = await renderSvg(spec);
    const labelWidth = textWidth(label, 10, false);
    const width = Number(/^<svg[^>]* width="([\d.]+)"/.exec(svg)![1]);
    expect(width).toBeGreaterThan(100 + labelWidth);
    expect(width).toBeLessThan(100 + labelWidth + 40);
    expect(0.8 * label.length * 10).toBeGreaterThan(labelWidth + 100);
  });
});
