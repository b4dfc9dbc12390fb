import { describe, expect, it } from 'vitest';
import { CardTables } from '../../../src/games/setawatch/cards.ts';
import { cardWorths, MEASURED_WORTH } from '../../../strategies/setawatch/card-worth.ts';
import { content } from './scenario.ts';

describe('measured card worth', () => {
  const tables = new CardTables(content, ['base', 'preproduction'], ['knight', 'bard', 'ranger', 'cleric']);
  const kindOf = (card: number) => (tables.abilities[card].passive ? 0 : 1);
  const worths = cardWorths(tables, kindOf);
  const byName = (name: string) => worths[tables.abilities.findIndex((ability) => ability.name === name)];

  it('is the measured value for every base-game card', () => {
    expect(byName('Long Shot')).toBe(MEASURED_WORTH['Long Shot']);
    expect(byName('Protective Ward')).toBe(MEASURED_WORTH['Protective Ward']);
  });

  it('is the average of the measured cards of the same kind for a card not measured', () => {
    const measured = tables.abilities.filter((ability) => MEASURED_WORTH[ability.name] !== undefined);
    const passives = measured.filter((ability) => ability.passive).map((ability) => MEASURED_WORTH[ability.name]);
    const knightPassive = tables.abilities.findIndex((ability) => ability.passive && MEASURED_WORTH[ability.name] === undefined);
    expect(knightPassive).toBeGreaterThanOrEqual(0);
    expect(worths[knightPassive]).toBeCloseTo(passives.reduce((a, b) => a + b, 0) / passives.length, 12);
  });
});
