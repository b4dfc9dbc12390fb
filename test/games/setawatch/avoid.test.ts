import { describe, expect, it } from 'vitest';
import { OutcomeRecord } from '../../../src/core/game.ts';
import { Camp, Decision, type DecisionKind, type DecisionView, OptionKind, Rune, type SetawatchStrategy } from '../../../src/games/setawatch/decisions.ts';
import setawatch from '../../../src/games/setawatch/index.ts';
import { resolveSettings } from '../../../src/sim/settings.ts';
import { greedy } from '../../../strategies/setawatch/greedy.ts';
import { content } from './scenario.ts';

/**
 * greedy:avoid=X never takes X at camp. Each game is played through a wrapper that decodes every camp answer
 * (independently of greedy's own check) and counts the habits taken, by round.
 */

const ACTION_NAMES: Record<number, string> = { [Camp.chop]: 'chop', [Camp.scout]: 'scout', [Camp.checkMap]: 'map', [Camp.heal]: 'heal', [Camp.equip]: 'equip' };

/** The habits a camp answer uses: its action (and, for an own action, the adventurer), or each of its runes. */
function habits(view: DecisionView, index: number): string[] {
  const o = view.options;
  if (o.kind[index] === OptionKind.runes) {
    return (['seal', 'vanquish', 'bolster'] as const).filter((rune) => (o.target[index] & Rune[rune]) !== 0);
  }
  if (o.kind[index] !== OptionKind.campAction) return [];
  if (o.aux[index] === Camp.own) return ['own', view.tables.adventurers[view.state.camper].id];
  return [ACTION_NAMES[o.aux[index]]];
}

/** habit -> the rounds it was taken in, over `games` games at summons 1 and 2 (long games, many camps). */
function campHabits(spec: Record<string, string | number>, party: string, games: number): Map<string, number[]> {
  const taken = new Map<string, number[]>();
  const inner = greedy.create(spec);
  const counting: SetawatchStrategy = {
    name: 'counting',
    choose(decision: DecisionKind, view: DecisionView): number {
      const index = inner.choose(decision, view);
      if (decision === Decision.camp) for (const habit of habits(view, index)) taken.set(habit, [...(taken.get(habit) ?? []), view.state.round]);
      return index;
    },
  };
  const out = new OutcomeRecord(setawatch.metrics.length);
  for (const summons of [1, 2]) {
    const engine = setawatch.createEngine(resolveSettings(setawatch, { summons, party }, '--set'), content, null);
    for (let seed = 0; seed < games; seed++) engine.playGame(seed, counting, out);
  }
  return taken;
}

const PARTY = 'beastmaster,cleric,ranger,warrior';
const GAMES = 150;
const plain = campHabits({ avoid: 'none', avoidFrom: 1 }, PARTY, GAMES);

describe('greedy:avoid', () => {
  it('defaults to plain greedy (avoid=none)', () => {
    expect(greedy.params.find((p) => p.name === 'avoid')?.default).toBe('none');
    expect(campHabits({}, PARTY, 20)).toEqual(campHabits({ avoid: 'none', avoidFrom: 1 }, PARTY, 20));
  });

  it.each(['chop', 'scout', 'map', 'heal', 'own', 'beastmaster', 'cleric', 'ranger', 'warrior', 'seal', 'vanquish', 'bolster'])(
    'avoid=%s: plain greedy takes it, the avoiding policy never does',
    (avoid) => {
      expect(plain.get(avoid)?.length ?? 0).toBeGreaterThan(0);
      const taken = campHabits({ avoid, avoidFrom: 1 }, PARTY, GAMES);
      expect(taken.get(avoid)).toBeUndefined();
      if (avoid === 'own') for (const adventurer of PARTY.split(',')) expect(taken.get(adventurer)).toBeUndefined();
    },
  );

  it('avoid=cleric drops only the cleric own action: the others still use theirs', () => {
    const taken = campHabits({ avoid: 'cleric', avoidFrom: 1 }, PARTY, GAMES);
    for (const other of ['beastmaster', 'ranger', 'warrior']) expect(taken.get(other)?.length ?? 0).toBeGreaterThan(0);
  });

  it('greedy Equips and uses Prepared and Teleport', () => {
    const taken = campHabits({ avoid: 'none', avoidFrom: 1 }, 'cleric,ranger,rogue,wizard', 60);
    for (const habit of ['equip', 'rogue', 'wizard']) expect(taken.get(habit)?.length ?? 0).toBeGreaterThan(0);
  });

  it('avoidFrom=5 takes the habit in rounds 1-4 only; avoidFrom=9 is plain greedy', () => {
    const rounds = campHabits({ avoid: 'chop', avoidFrom: 5 }, PARTY, GAMES).get('chop') ?? [];
    expect(rounds.some((round) => round < 5)).toBe(true);
    expect(rounds.every((round) => round < 5)).toBe(true);
    expect(campHabits({ avoid: 'chop', avoidFrom: 9 }, PARTY, 40)).toEqual(campHabits({ avoid: 'none', avoidFrom: 1 }, PARTY, 40));
  });
});
