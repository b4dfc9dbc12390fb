import { describe, expect, it } from 'vitest';
import { CardTables } from '../../../src/games/setawatch/cards.ts';
import { MEASURED_WORTH } from '../../../strategies/setawatch/card-worth.ts';
import { cardWorth } from '../../../strategies/setawatch/greedy.ts';
import { content } from './scenario.ts';

describe("greedy's measured card worth", () => {
  const tables = new CardTables(content, ['base', 'preproduction'], ['knight', 'bard', 'ranger', 'cleric']);
  const ids = tables.abilities.map((_, card) => card);
  const measured = ids.filter((card) => MEASURED_WORTH[tables.abilities[card].name] !== undefined);
  const mean = (values: number[]) => values.reduce((a, b) => a + b, 0) / values.length;

  it('is the measured value for every base-game card', () => {
    expect(measured.length).toBeGreaterThanOrEqual(20);
    for (const card of measured) expect(cardWorth(tables, card)).toBe(MEASURED_WORTH[tables.abilities[card].name]);
  });

  it('is the average of the measured passives for a passive not measured (the Knight and Bard cards)', () => {
    const passives = mean(measured.filter((card) => tables.abilities[card].passive).map((card) => MEASURED_WORTH[tables.abilities[card].name]));
    const unmeasuredPassives = ids.filter((card) => tables.abilities[card].passive && !measured.includes(card));
    expect(unmeasuredPassives.length).toBeGreaterThan(0);
    for (const card of unmeasuredPassives) expect(cardWorth(tables, card)).toBeCloseTo(passives, 12);
  });
});
