import type { CardTables } from '../../src/games/setawatch/cards.ts';

/**
 * How much each base-game ability card is worth to `greedy` on an adventurer's board rather than in reserve: rounds
 * survived (a win counts 10), measured at Easy over 30,000 games in each of three parties that cover all 30 cards,
 * averaged (`npx tsx strategies/setawatch/measure-card-worth.ts`), with greedy as it plays now (worths shift when its
 * play does: re-measured after each change to how it plays; measuring again with these worths in use moves none by
 * more than 0.03). The set-up deals 3 of an adventurer's 5 cards at random, so the difference is the card's own effect
 * under greedy's play: cards greedy uses well rank high, cards it rarely uses (Slumber, Polymorph) low. Greedy Equips,
 * refreshes and exhausts by it. Cards not in the table (pre-production, Doomed Run) are
 * worth the average of the measured cards of their kind (see cardWorths).
 */
export const MEASURED_WORTH: Readonly<Record<string, number>> = {
  Backstab: 0.52,
  'Long Shot': 0.49,
  'Protective Ward': 0.46,
  Berserker: 0.44,
  'Set Snares': 0.36,
  Sharpshooter: 0.33,
  Tracking: 0.22,
  'Chaos Blast': 0.22,
  Shockbolt: 0.2,
  'Throw Axe': 0.13,
  Banish: 0.08,
  Illuminate: 0.03,
  'Tame Beast': -0.03,
  Cleave: -0.07,
  'Poison Blade': -0.09,
  Rebuke: -0.12,
  'Stay Dead': -0.13,
  Curse: -0.14,
  'Throwing Daggers': -0.14,
  'Cleanse Undead': -0.15,
  'Smoke Bomb': -0.16,
  'Elf Senses': -0.24,
  Wound: -0.24,
  'Animal Sentry': -0.25,
  'Giants Bane': -0.25,
  'Blinding Light': -0.27,
  Slumber: -0.28,
  'Far Sight': -0.29,
  Hunt: -0.3,
  Polymorph: -0.31,
};

const MAX_KINDS = 8;

/**
 * Each ability card's worth (by card id): measured, or the average of the measured cards of its kind; `kindOf` sorts
 * cards into at most MAX_KINDS kinds numbered from 0.
 */
export function cardWorths(tables: CardTables, kindOf: (card: number) => number): Float64Array {
  const sums = new Float64Array(MAX_KINDS);
  const counts = new Float64Array(MAX_KINDS);
  tables.abilities.forEach((ability, card) => {
    const measured = MEASURED_WORTH[ability.name];
    if (measured === undefined) return;
    sums[kindOf(card)] += measured;
    counts[kindOf(card)]++;
  });
  return Float64Array.from(tables.abilities, (ability, card) => MEASURED_WORTH[ability.name] ?? (counts[kindOf(card)] > 0 ? sums[kindOf(card)] / counts[kindOf(card)] : 0));
}
