import type { CardTables } from '../../src/games/setawatch/cards.ts';

/**
 * How much each base-game ability card is worth to `greedy` on an adventurer's board rather than in reserve: rounds
 * survived (a win counts 10), measured at Easy over 30,000 games in each of three parties that cover all 30 cards,
 * averaged (`npx tsx strategies/setawatch/measure-card-worth.ts`), with greedy as it plays now (worths shift when its
 * play does: re-measured after each change to how it plays; measuring again with these worths in use moves none by
 * more than 0.04). The set-up deals 3 of an adventurer's 5 cards at random, so the difference is the card's own effect
 * under greedy's play: cards greedy uses well rank high, cards it rarely uses (Slumber, Polymorph) low. Greedy Equips,
 * refreshes and exhausts by it. Cards not in the table (pre-production, Doomed Run) are
 * worth the average of the measured cards of their kind (see cardWorths).
 */
export const MEASURED_WORTH: Readonly<Record<string, number>> = {
  Backstab: 0.52,
  'Long Shot': 0.51,
  Berserker: 0.48,
  'Protective Ward': 0.45,
  Sharpshooter: 0.34,
  'Set Snares': 0.33,
  'Chaos Blast': 0.22,
  Tracking: 0.22,
  Shockbolt: 0.2,
  'Throw Axe': 0.19,
  Banish: 0.04,
  Illuminate: 0.01,
  'Tame Beast': -0.01,
  Rebuke: -0.1,
  Curse: -0.11,
  'Poison Blade': -0.11,
  'Stay Dead': -0.11,
  'Cleanse Undead': -0.12,
  'Throwing Daggers': -0.15,
  'Smoke Bomb': -0.16,
  Cleave: -0.18,
  'Animal Sentry': -0.22,
  'Giants Bane': -0.24,
  Wound: -0.25,
  'Elf Senses': -0.26,
  'Blinding Light': -0.28,
  Slumber: -0.29,
  'Far Sight': -0.3,
  Hunt: -0.31,
  Polymorph: -0.32,
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
