import type { CardTables } from '../../src/games/setawatch/cards.ts';

/**
 * How much each ability card is worth to `greedy` on an adventurer's board rather than in reserve: rounds survived (a
 * win counts 10), measured at Easy over 30,000 games in each of three parties that cover all 30 base-game cards, and
 * for the Knight's and Bard's (pre-production) cards in each of three parties with both of them, averaged
 * (`npx tsx strategies/setawatch/measure-card-worth.ts`), with greedy as it played on 2026-11-30 (worths shift when
 * its play does; measuring again with these worths in use moves the base cards by at most 0.04 and the Bard's by up
 * to 0.07, Song of Discord most, since Multi-Talented keeps or swaps his cards by their worth; the Bard's parties won
 * the same with the worths before that last step). The set-up deals 3 of an
 * adventurer's 5 cards at random, so the difference is the card's own effect under greedy's play: cards greedy uses
 * well rank high, cards it rarely or never uses (Slumber, Polymorph, Taunt, Line Dance) low. Greedy Equips,
 * refreshes, exhausts and borrows (Multi-Talented) by it. Cards not in the table (Doomed Run's) are worth the average
 * of the measured cards of their kind (see cardWorths). Poison Blade's alone was measured again, on 2026-12-07 (0.17,
 * from -0.08), after greedy learnt to value it by the kills its bonus makes: greedy Equips it now, +1.0 / +1.2 pp at
 * Easy with Cleric, Rogue, Warrior, Wizard / Cleric, Ranger, Rogue, Warrior (20,000 games, the same seeds).
 *
 * The other worths stay as they are, measured again and not kept (2026-12-07, src/games/setawatch/RULES.md, "Card
 * worths measured again, and not kept"): with greedy Equipping by them, a card worth much is brought from reserve onto
 * the board, so the games that deal it to reserve do nearly as well and its measured worth falls (Long Shot 0.48 ->
 * 0.29, Protective Ward 0.44 -> 0.23), and falls again when measured with the fallen worths in use. Those worths played
 * the default party worse (-2.1 pp at Normal) and the 15 parties no better on average (+0.3 pp), and those measured
 * with greedy's Equips suppressed (Protective Ward 0.98) worse still (-2.4 pp on average); this table is a weight tuned
 * by greedy's win rates as much as a measurement.
 */
export const MEASURED_WORTH: Readonly<Record<string, number>> = {
  Backstab: 0.53,
  'Long Shot': 0.48,
  'Protective Ward': 0.44,
  Berserker: 0.41,
  'Siren Song': 0.41,
  'Set Snares': 0.36,
  'Magic Sword': 0.34,
  'Song of Discord': 0.32,
  Sharpshooter: 0.31,
  Tracking: 0.21,
  'Dragon Lance': 0.21,
  Shockbolt: 0.19,
  'Chaos Blast': 0.18,
  'Poison Blade': 0.17,
  'Throw Axe': 0.09,
  Banish: 0.07,
  Illuminate: 0.04,
  'Tame Beast': -0.02,
  'Shield Bash': -0.07,
  Rebuke: -0.11,
  Cleave: -0.12,
  Curse: -0.12,
  Inspire: -0.13,
  'Stay Dead': -0.14,
  'Cleanse Undead': -0.14,
  'Smoke Bomb': -0.15,
  'Throwing Daggers': -0.16,
  Wound: -0.18,
  'Song of Pain': -0.2,
  Harmonize: -0.21,
  'Giants Bane': -0.21,
  'Elf Senses': -0.23,
  'Animal Sentry': -0.25,
  'Blinding Light': -0.26,
  Slumber: -0.27,
  Polymorph: -0.28,
  'Far Sight': -0.29,
  Hunt: -0.3,
  'Line Dance': -0.32,
  Taunt: -0.35,
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
