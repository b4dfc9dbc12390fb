import type { MeasuredText } from 'vega';
import type { TopLevelSpec } from 'vega-lite';
import { describe, expect, it } from 'vitest';
import { buildChart, CHART_FONT } from '../../src/report/charts.ts';
import { renderSvg } from '../../src/report/render.ts';
import { measuredTextWidth, textWidth } from '../../src/report/text-width.ts';
import { loadResults } from './fixtures.ts';

describe('textWidth', () => {
  it("sums Helvetica's character widths at the font size", () => {
    // H 722, e 556, l 222, l 222, o 556 thousandths of an em.
    expect(textWidth('Hello', 10, false)).toBeCloseTo(22.78, 9);
    expect(textWidth('Hello', 20, false)).toBeCloseTo(45.56, 9);
    // Bold: H 722, e 556, l 278, l 278, o 611.
    expect(textWidth('Hello', 10, true)).toBeCloseTo(24.45, 9);
  });

  it("measures the minus sign d3 writes and ≥ by their own glyphs, and any other character outside the metrics' set as a digit", () => {
    expect(textWidth('−', 10, false)).toBeCloseTo(5.84, 9);
    expect(textWidth('≥', 10, false)).toBeCloseTo(5.49, 9);
    expect(textWidth('→', 10, false)).toBeCloseTo(textWidth('0', 10, false), 9);
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

  it('takes weights from 600 and "bolder" as bold, 500 as regular, and a limit of 0 as none', () => {
    const widths = [600, 'bolder', 500].map((fontWeight) => measuredTextWidth({ fontSize: 10, fontWeight } as MeasuredText, 'Hello'));
    expect(widths.map((width) => width.toFixed(2))).toEqual(['24.45', '24.45', '22.78']);
    expect(measuredTextWidth({ fontSize: 10, limit: 0 }, 'Hello')).toBeCloseTo(22.78, 9);
    expect(measuredTextWidth({ fontSize: 10 }, null)).toBe(0);
  });
});

describe('SVG layout', () => {
  it("names Helvetica and the faces with its metrics for every text, not a viewer's sans-serif, which may be wider", async () => {
    const svg = await renderSvg(buildChart(loadResults('necreaux-speed'), { type: 'winRate', x: 'speed', color: 'agents' }));
    const families = new Set([...svg.matchAll(/font-family="([^"]*)"/g)].map((match) => match[1].replace(/&quot;/g, '"')));
    expect(families).toEqual(new Set([CHART_FONT]));
    expect(CHART_FONT).toMatch(/^Helvetica, Arial, /);
  });

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
