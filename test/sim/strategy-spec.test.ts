import { describe, expect, it } from 'vitest';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { InputError } from '../../src/core/errors.ts';
import { GAME_IDS, loadGame } from '../../src/games/registry.ts';
import { canonicalSpec, createStrategy, strategyDefinition, StrategySpecError, userModuleOf } from '../../src/sim/strategy-spec.ts';
import { fixtureGame } from '../report/fixtures.ts';
import { tempDir } from '../fixtures/temp-dir.ts';

describe('canonicalSpec', () => {
  it('writes every spelling of a built-in strategy the same way: parameters sorted, defaults filled in', () => {
    const spellings = ['greedy', 'greedy:watch=greedy', 'greedy:budget=600,watch=greedy', ' greedy:watch=greedy, budget=600 '];
    expect(new Set(spellings.map((spec) => canonicalSpec(fixtureGame, spec)))).toEqual(new Set(['greedy:budget=600,watch=greedy']));
    expect(canonicalSpec(fixtureGame, 'greedy:budget=400')).toBe('greedy:budget=400,watch=greedy');
  });

  it('leaves a module path and a spec the game cannot read as written', () => {
    expect(canonicalSpec(fixtureGame, './mine.ts:x=1')).toBe('./mine.ts:x=1');
    expect(canonicalSpec(fixtureGame, 'greedy:colour=red')).toBe('greedy:colour=red');
    expect(canonicalSpec(fixtureGame, 'planner')).toBe('planner');
  });
});

describe('userModuleOf', () => {
  it("names the module a spec's path names, parameters aside, and nothing for a built-in strategy", () => {
    expect([userModuleOf('./mine.ts:x=1'), userModuleOf('strategies/mine.mjs'), userModuleOf('greedy:budget=400')]).toEqual(['./mine.ts', 'strategies/mine.mjs', null]);
  });
});

describe('StrategySpecError', () => {
  it('names its strategies by the --strategy flag, or quoted as an experiment file lists them, several joined by ", "', () => {
    const error = new StrategySpecError(['a.ts:k=1', 'b.ts:x=1,y=2'], ': the worker vetting it ended: gone');
    expect(error).toBeInstanceOf(InputError);
    expect(error.message).toBe('--strategy a.ts:k=1, b.ts:x=1,y=2: the worker vetting it ended: gone');
    expect(error.asListedIn('e.yaml')).toBe('e.yaml: field strategies: "a.ts:k=1", "b.ts:x=1,y=2": the worker vetting it ended: gone');
    expect(new StrategySpecError(['a.ts'], ' is not reproducible').asListedIn('e.yaml')).toBe('e.yaml: field strategies: "a.ts" is not reproducible');
  });
});

describe('strategyDefinition', () => {
  it("finds a built-in strategy by its name, and refuses an unknown one listing the game's", async () => {
    const setawatch = await loadGame('setawatch');
    expect((await strategyDefinition(setawatch, 'random')).definition.name).toBe('random');
    await expect(strategyDefinition(setawatch, 'genius')).rejects.toThrow(
      '--strategy genius: unknown strategy "genius" for game setawatch; strategies: greedy, planner, random, or a path to a .js/.mjs/.ts module',
    );
  });

  it('asks for the value of a parameter named without one, and names an unknown parameter', async () => {
    const necreaux = await loadGame('necreaux');
    await expect(strategyDefinition(necreaux, 'fixed-speed:speed')).rejects.toThrow(/--strategy fixed-speed:speed: parameter "speed" needs a value, speed=V \(an integer from 1 to 40\)/);
    await expect(strategyDefinition(necreaux, 'fixed-speed:colour=red')).rejects.toThrow(/unknown parameter "colour" for strategy fixed-speed/);
  });

  it('refuses a colon or comma with no parameter after it, rather than showing the spec as a strategy of its own', async () => {
    const necreaux = await loadGame('necreaux');
    for (const spec of ['fixed-speed:', 'fixed-speed:speed=3,', 'fixed-speed:=3']) {
      await expect(strategyDefinition(necreaux, spec)).rejects.toThrow(`--strategy ${spec}: a parameter without a name; write fixed-speed or fixed-speed:key=value,...`);
    }
    await expect(strategyDefinition(necreaux, 'fixed-speed:speed=3=9')).rejects.toThrow('--strategy fixed-speed:speed=3=9: "speed=3=9" has more than one "="; write fixed-speed:key=value,...');
    const module = 'test/fixtures/strategies/parametric.ts:';
    await expect(strategyDefinition(necreaux, module)).rejects.toThrow(`a parameter without a name; write test/fixtures/strategies/parametric.ts or test/fixtures/strategies/parametric.ts:key=value,...`);
    expect((await strategyDefinition(necreaux, 'fixed-speed:speed=3')).parsed.params).toEqual({ speed: 3 });
    expect((await strategyDefinition(necreaux, 'fixed-speed')).parsed.params).toEqual({ speed: 7 });
  });

  it('refuses a parameter given twice, as --set refuses a setting given twice', async () => {
    const necreaux = await loadGame('necreaux');
    await expect(strategyDefinition(necreaux, 'fixed-speed:speed=5,speed=6')).rejects.toThrow(
      /^--strategy fixed-speed:speed=5,speed=6: parameter "speed" given twice \(5, 6\); give each parameter once$/,
    );
  });

  const dir = tempDir('playsim-definition-');
  /** A user's module whose default export is `definition` (JavaScript source) with a choose(). */
  function userModule(name: string, fields: string): string {
    const module = join(dir, `${name}.mjs`);
    writeFileSync(module, `export default { name: "${name}", description: "d", ${fields}, create: () => ({ name: "${name}", choose: () => 0 }) };\n`);
    return module;
  }

  it("refuses a parameter spec that cannot work: a default it does not allow, an enum without values, min above max", async () => {
    const setawatch = await loadGame('setawatch');
    const cases: [string, RegExp][] = [
      ['{ name: "n", kind: "int", min: 1, max: 5, default: 9 }', /parameter "n": default 9 is outside min\.\.max/],
      ['{ name: "n", kind: "int", default: 1.5 }', /parameter "n": default 1\.5 is not an integer/],
      ['{ name: "n", kind: "number", min: 3, max: 1, default: 2 }', /parameter "n": min 3 is above max 1/],
      ['{ name: "e", kind: "enum", default: "a" }', /parameter "e": an enum needs values/],
      ['{ name: "e", kind: "enum", values: ["a", "b"], default: "c" }', /parameter "e": default "c" is not one of its values/],
      ['{ name: "e", kind: "enum", values: ["6", "7"], default: 6 }', /parameter "e": default 6 is not one of its values \(strings\)/],
    ];
    for (const [index, [param, message]] of cases.entries()) {
      await expect(strategyDefinition(setawatch, userModule(`bad${index}`, `params: [${param}]`))).rejects.toThrow(message);
    }
    await expect(strategyDefinition(setawatch, userModule('good', 'params: [{ name: "e", kind: "enum", values: ["a", "b"], default: "b" }]'))).resolves.toBeDefined();
  });

  it('takes a parameter spec whose default is its only value, and a number parameter with a fractional default', async () => {
    const setawatch = await loadGame('setawatch');
    const only = userModule('only', 'params: [{ name: "n", kind: "int", min: 3, max: 3, default: 3 }]');
    expect((await strategyDefinition(setawatch, only)).parsed.params).toEqual({ n: 3 });
    const fraction = userModule('fraction', 'params: [{ name: "x", kind: "number", default: 1.5 }]');
    expect((await strategyDefinition(setawatch, fraction)).parsed.params).toEqual({ x: 1.5 });
  });

  it('refuses a parameter value the parameter does not take, naming what it takes, and takes the ends of its range', async () => {
    const necreaux = await loadGame('necreaux');
    for (const value of ['0', '41', '7.5', 'seven']) {
      await expect(strategyDefinition(necreaux, `fixed-speed:speed=${value}`)).rejects.toThrow(new InputError(`--strategy fixed-speed:speed=${value}: speed=${value} is not allowed; allowed: an integer from 1 to 40`));
    }
    for (const speed of [1, 40]) expect((await strategyDefinition(necreaux, `fixed-speed:speed=${speed}`)).parsed.params).toEqual({ speed });
    const kyros = await loadGame('kyros');
    await expect(strategyDefinition(kyros, 'greedy:counters=friendly')).rejects.toThrow(new InputError('--strategy greedy:counters=friendly: counters=friendly is not allowed; allowed: adversarial, random'));
    const unbounded = userModule('unbounded', 'params: [{ name: "x", kind: "number", default: 1 }]');
    expect((await strategyDefinition(kyros, `${unbounded}:x=-2.5`)).parsed.params).toEqual({ x: -2.5 });
    for (const value of ['', 'Infinity']) {
      await expect(strategyDefinition(kyros, `${unbounded}:x=${value}`)).rejects.toThrow(new InputError(`--strategy ${unbounded}:x=${value}: x=${value} is not allowed; allowed: a number from -inf to inf`));
    }
  });

  it("keeps a create() error with line breaks on one line", async () => {
    const module = join(dir, 'throws-lines.mjs');
    writeFileSync(module, `export default { name: 't', description: 'd', params: [], create: () => { throw new Error('a\\nb\\nc'); } };\n`);
    await expect(createStrategy(await loadGame('setawatch'), module)).rejects.toThrow(new RegExp(`^--strategy ${module}: create\\(\\) threw: a b c$`));
  });

  it('reads a spec that is the path of an existing module as that path, though it holds a colon', async () => {
    const module = userModule('colon:in-name', 'params: []');
    const { parsed } = await strategyDefinition(await loadGame('setawatch'), module);
    expect(parsed).toMatchObject({ name: 'colon:in-name', modulePath: module, params: {} });
  });

  it("refuses a strategy that names another game, and takes one that names its own or none", async () => {
    const module = userModule('forkyros', 'game: "kyros", params: []');
    await expect(strategyDefinition(await loadGame('citiesofdoom'), module)).rejects.toThrow(/forkyros\.mjs is a strategy for kyros, not citiesofdoom/);
    await expect(strategyDefinition(await loadGame('kyros'), module)).resolves.toBeDefined();
    await expect(strategyDefinition(await loadGame('citiesofdoom'), userModule('anygame', 'params: []'))).resolves.toBeDefined();
  });
});

describe('createStrategy', () => {
  it.each(GAME_IDS)('%s: every built-in strategy has the methods the game checks a strategy for', async (id) => {
    const game = await loadGame(id);
    expect(game.strategyMethods.length).toBeGreaterThan(0);
    for (const definition of game.strategies) await expect(createStrategy(game, definition.name)).resolves.toBeDefined();
  });

  it("refuses a user's strategy without one of the game's decision methods, naming it", async () => {
    const dir = tempDir('playsim-shape-');
    const module = join(dir, 'shape.mjs');
    writeFileSync(module, 'export default { name: "s", description: "s", params: [], create: () => ({ name: "s", chooseSpeed: () => 1 }) };\n');
    await expect(createStrategy(await loadGame('setawatch'), module)).rejects.toThrow(/create\(\) returned a strategy without choose \(a setawatch strategy answers every decision/);
    await expect(createStrategy(await loadGame('necreaux'), module)).rejects.toThrow(/without keepSkills, poolSwap, .*, regroup \(/);
    const campaignOnly = join(dir, 'campaign-only.mjs');
    writeFileSync(campaignOnly, 'export default { name: "s", description: "s", params: [], create: () => ({ name: "s", campaign: () => 0 }) };\n');
    await expect(createStrategy(await loadGame('doomedrun'), campaignOnly)).rejects.toThrow(/without watch\.choose \(a doomedrun strategy/);
    const nullWatch = join(dir, 'null-watch.mjs');
    writeFileSync(nullWatch, 'export default { name: "s", description: "s", params: [], create: () => ({ name: "s", campaign: () => 0, watch: null }) };\n');
    await expect(createStrategy(await loadGame('doomedrun'), nullWatch)).rejects.toThrow(/without watch\.choose \(a doomedrun strategy/);
  });

  it("names a user's strategy without a name of its own, and its watch member, by the module's name, frozen or not", async () => {
    const dir = tempDir('playsim-names-');
    const write = (file: string, created: string) => {
      writeFileSync(join(dir, file), `export default { name: "mine", description: "d", params: [], create: () => ${created} };\n`);
      return join(dir, file);
    };
    const coin = await loadGame('test/fixtures/games/coin.ts');
    const plain = await createStrategy(coin, write('plain.mjs', '({ keepRolling: () => true })'));
    const frozen = await createStrategy(coin, write('frozen.mjs', 'Object.freeze({ keepRolling() { return this.answer; }, answer: false })'));
    expect([plain.name, frozen.name]).toEqual(['mine', 'mine']);
    expect((frozen as unknown as { keepRolling(): boolean }).keepRolling()).toBe(false);
    const doomedrun = await loadGame('doomedrun');
    const nested = await createStrategy(doomedrun, write('nested.mjs', '({ campaign: () => 0, watch: { choose: () => 0 } })'));
    const frozenWatch = await createStrategy(doomedrun, write('frozen-watch.mjs', '({ name: "own", campaign: () => 0, watch: Object.freeze({ choose: () => 0 }) })'));
    const watchName = (strategy: object) => (strategy as { watch: { name: string } }).watch.name;
    const bothNameless = await createStrategy(doomedrun, write('both-nameless.mjs', '({ campaign: () => 0, watch: Object.freeze({ choose: () => 0 }) })'));
    expect([nested.name, watchName(nested), frozenWatch.name, watchName(frozenWatch), bothNameless.name, watchName(bothNameless)]).toEqual(['mine', 'mine', 'own', 'mine', 'mine', 'mine']);
    await expect(createStrategy(coin, write('numbered.mjs', '({ name: 7, keepRolling: () => true })'))).rejects.toThrow(/numbered\.mjs: create\(\) returned a strategy whose name is not a string/);
  });

  it("refuses a user's strategy whose startGame is not a function", async () => {
    const module = join(tempDir('playsim-shape-'), 'start.mjs');
    writeFileSync(module, 'export default { name: "s", description: "s", params: [], create: () => ({ name: "s", choose: () => 0, startGame: true }) };\n');
    await expect(createStrategy(await loadGame('setawatch'), module)).rejects.toThrow(/start\.mjs: create\(\) returned a strategy whose startGame is not a function/);
    const nested = join(tempDir('playsim-shape-'), 'nested.mjs');
    writeFileSync(nested, 'export default { name: "s", description: "s", params: [], create: () => ({ name: "s", campaign: () => 0, watch: { name: "w", choose: () => 0, startGame: 1 } }) };\n');
    await expect(createStrategy(await loadGame('doomedrun'), nested)).rejects.toThrow(/nested\.mjs: create\(\) returned a strategy whose watch\.startGame is not a function/);
    const resets = join(tempDir('playsim-shape-'), 'resets.mjs');
    writeFileSync(resets, 'export default { name: "s", description: "s", params: [], create: () => ({ name: "s", choose: () => 0, startGame() {} }) };\n');
    await expect(createStrategy(await loadGame('setawatch'), resets)).resolves.toBeDefined();
  });

  it("refuses a user's Set a Watch strategy whose ignores is malformed, naming it, and takes a well-formed one", async () => {
    const dir = tempDir('playsim-shape-');
    const strategyWith = (file: string, members: string) => {
      writeFileSync(join(dir, file), `export default { name: "s", description: "s", params: [], create: () => (${members}) };\n`);
      return join(dir, file);
    };
    const setawatch = await loadGame('setawatch');
    const bad = strategyWith('bad.mjs', '{ name: "s", choose: () => 0, ignores: { burns: true, abilityMode: 3 } }');
    await expect(createStrategy(setawatch, bad)).rejects.toThrow(/bad\.mjs: create\(\) returned a strategy whose ignores is not \{ burns: boolean, abilityMode\(tables, card, mode\): boolean \}/);
    await expect(createStrategy(setawatch, strategyWith('flag.mjs', '{ name: "s", choose: () => 0, ignores: true }'))).rejects.toThrow(/whose ignores is not/);
    const good = strategyWith('good.mjs', '{ name: "s", choose: () => 0, ignores: { burns: true, abilityMode: () => false } }');
    await expect(createStrategy(setawatch, good)).resolves.toBeDefined();
    const nested = strategyWith('nested.mjs', '{ name: "s", campaign: () => 0, watch: { name: "w", choose: () => 0, ignores: { burns: "yes", abilityMode: () => false } } }');
    await expect(createStrategy(await loadGame('doomedrun'), nested)).rejects.toThrow(/nested\.mjs: create\(\) returned a strategy whose watch\.ignores is not/);
  });
});
