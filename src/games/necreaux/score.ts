import { METRIC_MISSING, type MetricSpec, type OutcomeRecord } from '../../core/game.ts';
import type { SetUpRules } from './setup.ts';
import { Zone, type GameState } from './state.ts';

/**
 * The metrics every game records, in this order. Their ranges hold, with room to spare, every value 72,000 games showed
 * (six strategies, random included, at 1, 3 and 5 agents, Intro and Level 6); a value outside is counted apart.
 */
export const METRICS: readonly MetricSpec[] = [
  { name: 'score', description: 'Performance evaluation score (every line of the rulebook’s evaluation)', min: -300, max: 250, binWidth: 5 },
  { name: 'turns', description: 'Team turns played (each team of a split plays its own turns)', min: 0, max: 60 },
  { name: 'cardsDrawn', description: 'Adventure cards drawn, by exploring, by card instructions and in rests', min: 0, max: 160 },
  { name: 'agentsAlive', description: 'Agents alive at the end', min: 0, max: 5 },
  { name: 'skillsLost', description: 'Skill cards destroyed by damage', min: 0, max: 40 },
  { name: 'xpGained', description: 'XP gained', min: 0, max: 100 },
  { name: 'xpSpent', description: 'XP spent on skill cards', min: 0, max: 100 },
  { name: 'turnScientistsFound', description: 'Turn the Scientists were found (missing when never found)', min: 0, max: 40 },
  { name: 'countdownLeft', description: 'Countdown steps left at the end', min: 0, max: 20 },
  { name: 'monstersDefeated', description: 'Monsters defeated', min: 0, max: 100 },
  { name: 'splits', description: 'Times a Sliding Wall split the team', min: 0, max: 10 },
  { name: 'deckLeft', description: 'Adventure cards left in the deck at the end', min: 0, max: 120 },
];

/** The rulebook's performance evaluation. */
export function scoreOf(s: GameState, rules: SetUpRules): number {
  const cards = s.cards;
  let score = s.discard.size + 5 * s.countdown;
  if (rules.agentCreation === 'draft') score += 10;
  if (s.xpSpent === 0) score += 10;
  // The dead of an utter failure hold their cards still (there was no teammate to take them): they do not count.
  const teamAlive = s.aliveCount() > 0;
  if (teamAlive && s.zone[cards.scientists] === Zone.held) score += 10;
  if (teamAlive && s.zone[cards.shuttle] === Zone.held) score += 10;
  if (s.escaped) score += 10;
  if (s.escapedWithScientists) score += 10;
  score += 10 * (s.instructedCountdown - s.startingCountdown);
  if (rules.agentCreation === 'premade') score -= 3;
  score -= 5 * s.cachesAdded;
  score -= 10 * s.skillsLost;
  if (rules.howToPlayDeck) score -= 30;
  return score;
}

export function writeRecord(s: GameState, score: number, out: OutcomeRecord): void {
  const m = out.metrics;
  out.outcome = s.outcome;
  m[0] = score;
  m[1] = s.turn;
  m[2] = s.cardsDrawn;
  m[3] = s.aliveCount();
  m[4] = s.skillsLost;
  m[5] = s.xpGained;
  m[6] = s.xpSpent;
  m[7] = s.turnScientistsFound < 0 ? METRIC_MISSING : s.turnScientistsFound;
  m[8] = s.countdown;
  m[9] = s.monstersDefeated;
  m[10] = s.splits;
  m[11] = s.deck.size;
}
