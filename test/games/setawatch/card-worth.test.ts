import { describe, expect, it } from 'vitest';
import { CardTables } from '../../../src/games/setawatch/cards.ts';
import { MEASURED_WORTH } from '../../../strategies/setawatch/card-worth.ts';
import { cardWorth } from '../../../strategies/setawatch/greedy.ts';
import { content } from './scenario.ts';

describe("greedy's measured card worth", () => {
  const tables = new CardTables(content, ['base', 'preproduction'], ['knight', 'bard', 'ranger', 'cleric']);
  const measured = tables.abilities.map((_, card) => card).filter((card) => MEASURED_WORTH[tables.abilities[card].name] !== undefined);
  const mean = (values: number[]) => values.reduce((a, b) => a + b, 0) / values.length;

  it('is the measured value for every base-game and pre-production card', () => {
    expect(measured.length).toBe(tables.abilities.length);
    for (const card of measured) expect(cardWorth(tables, card)).toBe(MEASURED_WORTH[tables.abilities[card].name]);
  });

  it('is the average of the measured passives for a passive not measured (as a Doomed Run card is)', () => {
    const renamed = { ...content, abilities: content.abilities.map((card) => (card.name === 'Harmonize' ? { ...card, name: 'Unmeasured Chorus' } : card)) };
    const withUnmeasured = new CardTables(renamed, ['base', 'preproduction'], ['knight', 'bard', 'ranger', 'cleric']);
    const passives = withUnmeasured.abilities.filter((card) => card.passive && MEASURED_WORTH[card.name] !== undefined).map((card) => MEASURED_WORTH[card.name]);
    const chorus = withUnmeasured.abilities.findIndex((card) => card.name === 'Unmeasured Chorus');
    expect(cardWorth(withUnmeasured, chorus)).toBeCloseTo(mean(passives), 12);
    expect(cardWorth(withUnmeasured, chorus)).not.toBeCloseTo(MEASURED_WORTH.Harmonize, 3);
  });
});
