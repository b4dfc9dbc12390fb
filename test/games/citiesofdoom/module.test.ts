import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { StrategyError } from '../../../src/core/errors.ts';
import { OutcomeRecord } from '../../../src/core/game.ts';
import { citiesofdoomContentSchema, provenance } from '../../../src/games/citiesofdoom/content.ts';
import citiesofdoom, { SIDEBOARDS } from '../../../src/games/citiesofdoom/index.ts';
import { loadGame } from '../../../src/games/registry.ts';
import type { CitiesRules } from '../../../src/games/citiesofdoom/rules.ts';
import { Status } from '../../../src/games/citiesofdoom/state.ts';
import { resolveSettings } from '../../../src/sim/settings.ts';
import { citiesofdoomStrategies } from '../../../strategies/citiesofdoom/index.ts';
import { recordProblems } from '../../fixtures/records.ts';
import { content } from './scenario.ts';
import { refusal, refusalOfChanged } from '../../fixtures/content-refusal.ts';

const shipped = JSON.parse(readFileSync(new URL('../../../content/citiesofdoom/base.json', import.meta.url), 'utf8')) as Record<string, unknown>;

describe('citiesofdoom content file', () => {
  it('holds every die type as data, all estimated, and the shipped sideboards of 25 dice', () => {
    const counted = provenance(content);
    expect(counted.bySource).toEqual({ estimated: counted.cards });
    // Each die type, sideboard and encounter face's effect is an entry of its own, and so is the Opponent.
    expect(counted.cards).toBe(content.dice.length + content.sideboards.length + 1 + Object.keys(content.encounters).length);
    expect(content.dice.every((d) => d.source === 'estimated' && (d.note ?? '').length > 0)).toBe(true);
    expect(content.sideboards.map((s) => s.name)).toEqual([...SIDEBOARDS]);
    expect(Object.values(content.reserve).reduce((a, b) => a + b, 0)).toBe(15);
    expect(content.reserve['white-action']).toBe(10);
  });

  it('rejects a sideboard that is not 25 dice, two silver dice, an unknown face and a missing common die', () => {
    const bad = () => structuredClone(shipped) as { sideboards: { dice: Record<string, number> }[]; dice: { role: string; faces: unknown[] }[] };
    const big = bad();
    big.sideboards[0].dice['blue-action'] += 1;
    expect(() => citiesofdoomContentSchema.parse(big)).toThrow(/must hold 25 dice, holds 26/);
    const silver = bad();
    silver.sideboards[0].dice['combat-silver'] = 2;
    silver.sideboards[0].dice['blue-action'] -= 1;
    expect(() => citiesofdoomContentSchema.parse(silver)).toThrow(/only 1 silver/);
    const face = bad();
    face.dice[0].faces[0] = 'dragon';
    expect(() => citiesofdoomContentSchema.parse(face)).toThrow(/unknown face .{0,2}dragon/);
    const missing = bad();
    missing.dice = missing.dice.filter((d) => d.role !== 'eagle');
    expect(() => citiesofdoomContentSchema.parse(missing)).toThrow(/role .{0,2}eagle/);
  });

  type Editable = {
    dice: { id: string; role: string; faces: unknown[] }[];
    reserve: Record<string, number>;
    opponent: { dice: Record<string, number>; easier: string[] };
  };
  const dieOf = (content: Editable, id: string) => content.dice.find((d) => d.id === id)!;

  it.each<[string, (content: Editable) => void, string]>([
    ['a rune die of five runes', (c) => (dieOf(c, 'rune').faces[5] = 'sun'), 'the rune die needs at least 6 different runes, has 5'],
    ['a character die without a human', (c) => (dieOf(c, 'character').faces = ['dwarf', 'elf', 'elf', 'dwarf', 'elf', 'dwarf']), 'the character die needs a "human" face'],
    ['a numbered face without its value', (c) => (dieOf(c, 'magic').faces[0] = { face: 'magicValue' }), 'die "magic": face "magicValue" needs a value'],
    ['an unknown die in the reserve', (c) => (c.reserve.nope = 1), 'reserve: unknown die "nope"'],
    ['a die the reserve cannot hold', (c) => (c.reserve.eagle = 1), 'reserve: die "eagle" (role eagle) cannot be in a reserve or sideboard'],
    ["an Opponent's easier die that is no action die", (c) => (c.opponent.easier = ['eagle']), 'opponent.easier: "eagle" is not an action die'],
    ['an Opponent of eight action dice', (c) => (c.opponent.dice['opponent-action'] = 5), 'the Opponent needs 1 to 7 action dice, has 8'],
  ])('refuses %s, naming it', (_, change, message) => {
    expect(refusalOfChanged(citiesofdoomContentSchema, shipped, change)).toBe(`field (root): ${message}`);
  });

  it('refuses a second die type of an id and a second sideboard of a name, naming both entries', () => {
    const file = () => structuredClone(shipped) as { dice: { id: string; faces: unknown[] }[]; sideboards: { name: string; description: string }[] };
    const dice = file();
    dice.dice.push({ ...dice.dice[0], faces: ['magic', 'magic'] });
    expect(refusal(citiesofdoomContentSchema, dice)).toBe(
      `field dice[${dice.dice.length - 1}] (white action die).id: "white-action" is already dice[0]'s id; the reserve, the sideboards and the Opponent name dice by id`,
    );
    const sideboards = file();
    sideboards.sideboards.push({ ...sideboards.sideboards[2], description: 'another' });
    const name = sideboards.sideboards[2].name;
    expect(refusal(citiesofdoomContentSchema, sideboards)).toBe(
      `field sideboards[${sideboards.sideboards.length - 1}] (${name}).name: "${name}" is already sideboards[2]'s name; the sideboard setting names a sideboard`,
    );
  });
});

describe('citiesofdoom settings and module', () => {
  it('is registered, with the names users rely on', async () => {
    const game = await loadGame('citiesofdoom');
    expect(game.id).toBe('citiesofdoom');
    expect(game.outcomes).toEqual(['win', 'opponentRunes', 'damage']);
    expect(game.winOutcome).toBe('win');
    expect(game.metrics.map((m) => m.name).slice(0, 2)).toEqual(['turns', 'runesCollected']);
    expect(game.settings.map((s) => s.name).slice(0, 5)).toEqual(['runes', 'damageLimit', 'character', 'wod', 'sideboard']);
  });

  it('refuses bad settings with one clear line', () => {
    expect(() => resolveSettings(citiesofdoom as never, { runes: '5' }, '--set')).toThrow('--set: setting runes=5 is not allowed; allowed: 6, 4');
    expect(() => resolveSettings(citiesofdoom as never, { character: 'orc' }, '--set')).toThrow(/allowed: dwarf, elf, human, random/);
    expect(() => resolveSettings(citiesofdoom as never, { damageLimit: '8' }, '--set')).toThrow(/allowed: 7, 12/);
  });

  it('refuses a sideboard the content does not define', () => {
    const small = { ...content, sideboards: content.sideboards.slice(0, 1) };
    expect(() => citiesofdoom.createEngine(resolveSettings(citiesofdoom as never, { sideboard: 'fighter' }, '--set'), small, null)).toThrow(
      'setting sideboard=fighter: the content has no sideboard of that name; it has balanced',
    );
  });

  it('the CLI exits with code 2 and one line on a bad setting', () => {
    const run = spawnSync(process.execPath, ['--import', 'tsx', 'src/cli/main.ts', 'sim', 'citiesofdoom', '--games', '10', '--set', 'runes=5'], { encoding: 'utf8' });
    expect(run.status).toBe(2);
    expect(run.stderr.trim().split('\n')).toHaveLength(1);
    expect(run.stderr).toMatch(/runes=5 is not allowed/);
  });
});

describe('the shipped strategies', () => {
  it('are heuristic and random', () => {
    expect(citiesofdoomStrategies.map((s) => s.name)).toEqual(['heuristic', 'random']);
  });

  it.each(['heuristic', 'random'])('%s plays legal games to the end in every mode', (name) => {
    const strategy = citiesofdoomStrategies.find((s) => s.name === name)!.create({});
    const out = new OutcomeRecord(citiesofdoom.metrics.length);
    // The state's status behind each outcome (the record reads any other status, playing included, as opponentRunes).
    const statusOf = { win: Status.won, opponentRunes: Status.opponentRunes, damage: Status.damage };
    for (const given of [{}, { runes: '4' }, { damageLimit: '12' }, { wod: 'true' }] as Record<string, string>[]) {
      const settings = resolveSettings(citiesofdoom as never, given, '--set');
      const runes = Number(settings.runes);
      const engine = citiesofdoom.createEngine(settings, content, null);
      const state = (engine as unknown as { rules: CitiesRules }).rules.state;
      for (let seed = 0; seed < 20; seed++) {
        engine.playGame(seed, strategy, out);
        const where = `${JSON.stringify(given)} seed ${seed}`;
        const outcome = citiesofdoom.outcomes[out.outcome] as keyof typeof statusOf;
        const [, runesCollected, damageTaken, opponentRunes] = out.metrics;
        expect(recordProblems(citiesofdoom, out), where).toEqual([]);
        // Ended by the rules, not mid-play: the status the outcome names, and the count that ended it.
        expect(state.status, where).toBe(statusOf[outcome]);
        if (outcome === 'win') {
          expect(runesCollected, where).toBeGreaterThanOrEqual(runes);
          expect(opponentRunes, where).toBeLessThan(runes);
        } else if (outcome === 'opponentRunes') {
          expect(opponentRunes, where).toBeGreaterThanOrEqual(runes);
          expect(runesCollected, where).toBeLessThan(runes);
        } else {
          expect(damageTaken, where).toBeGreaterThan(Number(settings.damageLimit));
        }
      }
    }
  });

  it('the heuristic beats the random strategy clearly', () => {
    const engine = citiesofdoom.createEngine(resolveSettings(citiesofdoom as never, {}, '--set'), content, null);
    const wins = (name: string) => {
      const strategy = citiesofdoomStrategies.find((s) => s.name === name)!.create({});
      const out = new OutcomeRecord(citiesofdoom.metrics.length);
      let won = 0;
      for (let seed = 0; seed < 400; seed++) {
        engine.playGame(seed, strategy, out);
        if (out.outcome === 0) won++;
      }
      return won;
    };
    expect(wins('heuristic')).toBeGreaterThan(wins('random') + 20);
  });

  it('an illegal answer is a StrategyError naming the strategy, the decision and the seed', () => {
    const engine = citiesofdoom.createEngine(resolveSettings(citiesofdoom as never, {}, '--set'), content, null);
    const bad = { name: 'bad', choose: () => 99 };
    expect(() => engine.playGame(7, bad as never, new OutcomeRecord(7))).toThrow(StrategyError);
    expect(() => engine.playGame(7, bad as never, new OutcomeRecord(7))).toThrow(/strategy "bad" answered decision "\w+" illegally in game seed 7/);
  });
});
