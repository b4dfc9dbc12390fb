import { copyFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { InputError } from '../../src/core/errors.ts';
import { loadGame } from '../../src/games/registry.ts';
import { experimentSchema, MAX_CELLS, planExperiment, readExperimentFile } from '../../src/sim/experiment.ts';
import { experimentFiles } from '../../src/cli/commands.ts';
import { executeExperiment } from '../../src/sim/execute.ts';
import { COIN } from '../fixtures/coin-experiment.ts';
import { tempDir } from '../fixtures/temp-dir.ts';

const PARAMETRIC = 'test/fixtures/strategies/parametric.ts';

async function plan(fields: Record<string, unknown>) {
  const file = experimentSchema.parse({ name: 'x', title: 'x', game: COIN, ...fields });
  return planExperiment(file, await loadGame(COIN), 'x.yaml');
}

describe('experiment plans', () => {
  it('crosses the settings grid with the strategy list, first setting slowest', async () => {
    const { cells, varied } = await plan({ grid: { target: [5, 7], rounds: { from: 1, to: 3 } } });
    expect(cells.map((cell) => [cell.settings.target, cell.settings.rounds])).toEqual([[5, 1], [5, 2], [5, 3], [7, 1], [7, 2], [7, 3]]);
    expect(cells[0].settings.crash).toBe(false);
    expect(varied).toEqual(['target', 'rounds']);
  });

  it('expands a strategy parameter grid into cells labelled by that parameter', async () => {
    const { cells, varied, pairs } = await plan({ strategies: [{ name: PARAMETRIC, grid: { k: { from: 1, to: 3 } } }, 'always'] });
    expect(cells.map((cell) => cell.strategy)).toEqual([`${PARAMETRIC}:k=1`, `${PARAMETRIC}:k=2`, `${PARAMETRIC}:k=3`, 'always']);
    expect(cells[1].params).toEqual({ k: 2 });
    expect(varied).toEqual(['k', 'strategy']);
    expect(pairs).toEqual([
      [1, 0, 'k'],
      [2, 1, 'k'],
      [3, 2, 'strategy'],
    ]);
  });

  it('shows a written-out spec beside a parameter grid with the value it plays, default or given', async () => {
    const { cells, pairs } = await plan({ strategies: [{ name: PARAMETRIC, grid: { k: [2, 3] } }, `${PARAMETRIC}:k=5`, PARAMETRIC, 'always'] });
    expect(cells.map((cell) => cell.params)).toEqual([{ k: 2 }, { k: 3 }, { k: 5 }, { k: 1 }, {}]);
    expect(pairs.map(([, , varied]) => varied)).toEqual(['k', 'k', 'k', 'strategy']);
  });

  it('plays a strategy entry with an empty grid at its defaults, named as written', async () => {
    const { cells } = await plan({ strategies: [{ name: PARAMETRIC, grid: {} }, 'always'] });
    expect(cells.map((cell) => cell.strategy)).toEqual([PARAMETRIC, 'always']);
  });

  it('refuses a spec that plays the same as another one (its default written out or left out)', async () => {
    await expect(plan({ strategies: [{ name: PARAMETRIC, grid: { k: [1, 2] } }, PARAMETRIC] })).rejects.toThrow(`field strategies: "${PARAMETRIC}" plays the same strategy as "${PARAMETRIC}:k=1"; list it once`);
  });

  it("pairs each value of a setting with a baseline with the baseline's cell, and the other settings with the next value", async () => {
    // Cells: target 5/7/9 (slowest) x rounds 1/2. Baseline target=7: 5 and 9 each against 7.
    const { pairs } = await plan({ grid: { target: [5, 7, 9], rounds: [1, 2] }, baseline: { target: 7 } });
    expect(pairs).toEqual([
      [0, 2, 'target'],
      [1, 0, 'rounds'],
      [1, 3, 'target'],
      [3, 2, 'rounds'],
      [4, 2, 'target'],
      [5, 4, 'rounds'],
      [5, 3, 'target'],
    ]);
    const { pairs: adjacent } = await plan({ grid: { target: [5, 7, 9], rounds: [1, 2] } });
    expect(adjacent.filter(([, , varied]) => varied === 'target')).toEqual([
      [2, 0, 'target'],
      [3, 1, 'target'],
      [4, 2, 'target'],
      [5, 3, 'target'],
    ]);
  });

  it('takes a baseline on any grid setting, its value written as the grid writes it or not', async () => {
    // Cells: target 5/7 (slowest) x rounds 1/2/3. Baseline rounds=2, written "02" (read as the setting reads it): 1 and 3 each against 2.
    const { pairs } = await plan({ grid: { target: [5, 7], rounds: [1, 2, 3] }, baseline: { rounds: '02' } });
    expect(pairs.filter(([, , varied]) => varied === 'rounds')).toEqual([
      [0, 1, 'rounds'],
      [2, 1, 'rounds'],
      [3, 4, 'rounds'],
      [5, 4, 'rounds'],
    ]);
    expect(pairs.filter(([, , varied]) => varied === 'target')).toHaveLength(3);
  });

  it('refuses a baseline of a setting the grid does not vary, or of a value not in its grid', async () => {
    await expect(plan({ grid: { target: [5, 7] }, baseline: { rounds: 2 } })).rejects.toThrow(
      /^x.yaml: field baseline: "rounds" is not a grid setting \(strategies and their parameters are compared each with the next\); grid: target$/,
    );
    await expect(plan({ grid: { target: [5, 7] }, baseline: { target: 6 } })).rejects.toThrow(/^x.yaml: field baseline.target: 6 is not one of the grid's values \(5, 7\)$/);
    await expect(plan({ grid: { target: [5, 7] }, baseline: { target: 99 } })).rejects.toThrow(/^x.yaml: field baseline.target: /);
  });

  it('pairs the cells of a strategy grid of two parameters along one parameter at a time, as a settings grid', async () => {
    // Cells: k=1/j=1, k=1/j=2, k=2/j=1, k=2/j=2, always. Consecutive cells k=1/j=2 and k=2/j=1 differ in both: no pair.
    const { cells, pairs } = await plan({ strategies: [{ name: PARAMETRIC, grid: { k: [1, 2], j: [1, 2] } }, 'always'] });
    expect(cells.map((cell) => cell.params)).toEqual([{ k: 1, j: 1 }, { k: 1, j: 2 }, { k: 2, j: 1 }, { k: 2, j: 2 }, {}]);
    expect(pairs).toEqual([
      [1, 0, 'j'],
      [2, 0, 'k'],
      [3, 1, 'k'],
      [3, 2, 'j'],
      [4, 3, 'strategy'],
    ]);
  });

  it('pairs each cell with its next neighbour along every dimension', async () => {
    const { pairs } = await plan({ grid: { target: [5, 7, 9], rounds: [1, 2] } });
    expect(pairs.filter(([, , varied]) => varied === 'target')).toHaveLength(4);
    expect(pairs.filter(([, , varied]) => varied === 'rounds')).toHaveLength(3);
  });

  it('refuses a range written backwards or with decimals instead of playing fewer cells', () => {
    const problem = (range: Record<string, number>) => {
      const parsed = experimentSchema.safeParse({ name: 'x', title: 'x', game: COIN, grid: { rounds: range } });
      return parsed.success ? null : parsed.error.issues.map((issue) => issue.message).join('; ');
    };
    expect(problem({ from: 3, to: 1 })).toMatch(/from 3 is above to 1/);
    expect(problem({ from: 0.1, to: 0.5 })).toMatch(/ranges take whole numbers up to 9007199254740991: list decimal values instead/);
    // Past 2^53, adding the step no longer changes the value: expanding such a range would never end.
    expect(problem({ from: 2 ** 53, to: 2 ** 53 })).toMatch(/ranges take whole numbers up to/);
    expect(problem({ from: 1, to: 1 })).toBeNull();
  });

  it('refuses more cells than MAX_CELLS before expanding any range', async () => {
    await expect(plan({ grid: { rounds: { from: 1, to: 1e15 } } })).rejects.toThrow(
      /^x.yaml: fields grid and strategies: they make 1,000,000,000,000,000 cells; at most 10,000 \(split the experiment, or take larger steps\)$/,
    );
    const strategies = [{ name: PARAMETRIC, grid: { k: { from: 1, to: 5 }, j: { from: 1, to: 1000 } } }, 'always'];
    await expect(plan({ grid: { target: [5, 7] }, strategies })).rejects.toThrow(/they make 10,002 cells/);
    await expect(plan({ grid: { target: { from: 1, to: MAX_CELLS } } })).rejects.not.toThrow(/cells; at most/);
  });

  it('takes a range in steps, counting its values as it expands them', async () => {
    const { cells } = await plan({ grid: { target: { from: 2, to: 8, step: 3 } } });
    expect(cells.map((cell) => cell.settings.target)).toEqual([2, 5, 8]);
    await expect(plan({ grid: { target: { from: 1, to: 2 * MAX_CELLS + 1, step: 2 } } })).rejects.toThrow(/they make 10,001 cells/);
  });

  it('compares two written-out specs of one strategy as strategies, having no grid parameter to name', async () => {
    const { pairs } = await plan({ strategies: [`${PARAMETRIC}:k=2`, `${PARAMETRIC}:k=3,j=2`] });
    expect(pairs).toEqual([[1, 0, 'strategy']]);
  });

  it('refuses a setting that changes only what a replay narrates, fixed or varied', async () => {
    const doomedRun = await loadGame('doomedrun');
    const problem = (fields: Record<string, unknown>) => planExperiment(experimentSchema.parse({ name: 'x', title: 'x', game: 'doomedrun', ...fields }), doomedRun, 'x.yaml');
    const narrates = 'detail changes only what a replay narrates, not the games played; give it to playsim replay doomedrun';
    await expect(problem({ settings: { detail: true } })).rejects.toThrow(new InputError(`x.yaml: field settings.detail: ${narrates}`));
    await expect(problem({ grid: { detail: [false, true] } })).rejects.toThrow(new InputError(`x.yaml: field grid.detail: ${narrates}`));
  });

  it('refuses a grid value or strategy listed twice (the same cell played twice)', async () => {
    await expect(plan({ grid: { target: [5, 5] } })).rejects.toThrow(/x.yaml: field grid.target: 5 is listed twice/);
    await expect(plan({ strategies: ['always', 'always'] })).rejects.toThrow(/x.yaml: field strategies: "always" is listed twice/);
    await expect(plan({ strategies: [{ name: PARAMETRIC, grid: { k: [1, 2, 1] } }] })).rejects.toThrow(/is listed twice/);
  });

  it('rejects unknown strategies and parameters before any game is played', async () => {
    await expect(plan({ strategies: ['nope'] })).rejects.toThrow(/x.yaml: field strategies: "nope": unknown strategy "nope"/);
    await expect(plan({ strategies: [`${PARAMETRIC}:k=9`] })).rejects.toThrow(/k=9 is not allowed; allowed: an integer from 1 to 5/);
    await expect(plan({ strategies: [`${PARAMETRIC}:z=1`] })).rejects.toThrow(/unknown parameter "z" for strategy parametric; parameters: k, j/);
  });

  it('rejects a chart naming a metric or axis the run does not have before any game is played', async () => {
    const grid = { target: [5, 7] };
    await expect(plan({ grid, charts: [{ type: 'mean', metric: 'bset', x: 'target' }] })).rejects.toThrow(/x.yaml: field charts\[0\].metric: "bset" is not a metric of coin; metrics: best/);
    await expect(plan({ grid, charts: [{ type: 'stages', metrics: ['best', 'bset'], stage: 'round' }] })).rejects.toThrow(/x.yaml: field charts\[0\].metrics\[1\]: "bset" is not a metric of coin; metrics: best/);
    await expect(plan({ grid, charts: [{ type: 'pairedDifference', varied: 'target', metric: 'bset' }] })).rejects.toThrow(/x.yaml: field charts\[0\].metric: "bset" is not a metric of coin; metrics: best/);
    await expect(plan({ grid, charts: [{ type: 'pairedDifference', varied: 'target', metric: 'best' }, { type: 'pairedDifference', varied: 'target' }] })).resolves.toBeDefined();
    await expect(plan({ grid, charts: [{ type: 'stages', metrics: ['best', 'best'], stage: 'round', color: 'traget' }] })).rejects.toThrow(/x.yaml: field charts\[0\]: "traget" is not a setting/);
    await expect(plan({ grid, charts: [{ type: 'stages', metrics: ['best', 'best'], stage: 'round', color: 'target' }] })).resolves.toBeDefined();
    await expect(plan({ grid, charts: [{ type: 'outcomes', x: 'target' }, { type: 'winRate', x: 'traget' }] })).rejects.toThrow(
      /x.yaml: field charts\[1\]: "traget" is not a setting or strategy parameter of this experiment; allowed: strategy, target, rounds, crash/,
    );
    await expect(plan({ strategies: [{ name: PARAMETRIC, grid: { k: [1, 2] } }], charts: [{ type: 'winRate', x: 'k' }] })).resolves.toBeDefined();
    await expect(plan({ grid, charts: [{ type: 'pairedDifference', varied: 'target', sort: 'difference' }] })).resolves.toBeDefined();
  });

  it('rejects a chart along a setting every cell shares: there is nothing to draw', async () => {
    const grid = { target: [5, 7] };
    await expect(plan({ grid, settings: { rounds: 2 }, charts: [{ type: 'pairedDifference', varied: 'rounds' }] })).rejects.toThrow(
      /^x.yaml: field charts\[0\]: "rounds" is not varied by this experiment \(every cell has the same rounds\); varied: target$/,
    );
    await expect(plan({ grid, charts: [{ type: 'winRate', x: 'target', color: 'rounds' }] })).rejects.toThrow(/field charts\[0\]: "rounds" is not varied/);
    await expect(plan({ grid, charts: [{ type: 'heatmap', x: 'target', y: 'strategy' }] })).rejects.toThrow(/field charts\[0\]: "strategy" is not varied by this experiment/);
    await expect(plan({ grid: { ...grid, rounds: [2] }, charts: [{ type: 'pairedDifference', varied: 'rounds' }] })).rejects.toThrow(
      /field charts\[0\]: "rounds" is not varied by this experiment \(every cell has the same rounds\); varied: target$/,
    );
    await expect(plan({ grid, charts: [{ type: 'winRate', x: 'target' }] })).resolves.toBeDefined();
  });

  it('takes maxGames only with a targetCi, which it caps', () => {
    const fields = { name: 'x', title: 'x', game: COIN, maxGames: 500 };
    expect(experimentSchema.safeParse(fields).error?.issues[0]).toMatchObject({ path: ['maxGames'], message: expect.stringMatching(/give targetCi too/) });
    expect(experimentSchema.safeParse({ ...fields, targetCi: 0.05 }).success).toBe(true);
  });

  it('refuses games and targetCi together (the command line would take the games, a file the target)', () => {
    const fields = { name: 'x', title: 'x', game: COIN, games: 500, targetCi: 0.05 };
    expect(experimentSchema.safeParse(fields).error?.issues[0]).toMatchObject({ path: ['games'], message: expect.stringMatching(/give one of them/) });
    expect(experimentSchema.parse({ ...fields, games: undefined }).games).toBeUndefined();
  });

  it('chooses among varied settings only', async () => {
    const grid = { target: [5, 7], rounds: [1, 2] };
    expect((await plan({ grid, choose: ['target'] })).choose).toEqual(['target']);
    expect((await plan({ grid })).choose).toEqual([]);
    await expect(plan({ grid, choose: ['crash'] })).rejects.toThrow(/x.yaml: field choose: "crash" is not varied by this experiment; varied: target, rounds/);
    await expect(plan({ choose: ['target'] })).rejects.toThrow(/x.yaml: field choose: "target" is not varied by this experiment; varied: none \(no grid, one strategy\)$/);
    const strategies = [{ name: PARAMETRIC, grid: { k: [1, 2] } }, 'always'];
    expect((await plan({ grid, strategies, choose: ['k', 'strategy'] })).choose).toEqual(['k', 'strategy']);
    await expect(plan({ grid, strategies, choose: ['k'] })).rejects.toThrow(/x.yaml: field choose: the strategies are varied, so choose strategy, k together/);
  });

  it('every shipped experiment file is valid and plans against its game', async () => {
    const files = experimentFiles();
    expect(files.length).toBeGreaterThanOrEqual(4);
    for (const path of files) {
      const file = readExperimentFile(path);
      const experimentPlan = await planExperiment(file, await loadGame(file.game), path);
      expect(experimentPlan.cells.length).toBeGreaterThan(0);
      for (const chart of file.charts) {
        const axes = 'x' in chart ? [chart.x, 'y' in chart ? chart.y : undefined, 'color' in chart ? chart.color : undefined] : 'varied' in chart ? [chart.varied] : [chart.color];
        for (const axis of axes) if (axis !== undefined) expect(experimentPlan.varied).toContain(axis);
      }
    }
  });

  describe('reading a file', () => {
    const dir = tempDir('playsim-read-');
    const read = (name: string, text: string | Buffer) => {
      const path = join(dir, name);
      writeFileSync(path, text);
      return () => readExperimentFile(path);
    };
    const header = `title: t\ngame: ${COIN}\n`;

    it('refuses an unknown YAML tag naming its line, without a process warning (the yaml package would read it as a string)', () => {
      const warned = vi.spyOn(process, 'emitWarning');
      expect(read('tag.yaml', `name: tag\n${header}description: !!js/function "x"\n`)).toThrow(
        new InputError(`${join(dir, 'tag.yaml')}: cannot read experiment file: Unresolved tag: tag:yaml.org,2002:js/function at line 4, column 14`),
      );
      expect(read('custom.yaml', `name: custom\n${header}description: !foo x\n`)).toThrow(/custom.yaml: cannot read experiment file: Unresolved tag: !foo at line 4, column 14$/);
      expect(warned).not.toHaveBeenCalled();
      warned.mockRestore();
    });

    it('gives a YAML error on one line, naming a key given twice', () => {
      expect(read('twice.yaml', `name: twice\n${header}games: 5\n\ngames: 6\n`)).toThrow(/twice.yaml: cannot read experiment file: duplicate key "games" at line 6, column 1$/);
      expect(read('nested.yaml', `name: nested\n${header}grid:\n  target: [5]\n  target: [6]\n`)).toThrow(/duplicate key "target" at line 6, column 3$/);
      expect(read('syntax.yaml', `name: syntax\n${header}  games: [\n`)).toThrow(/syntax.yaml: cannot read experiment file: [^\n]* at line 3, column \d+$/);
    });

    it('refuses a key given twice in a JSON file, as in a YAML one (JSON.parse would keep the last)', () => {
      expect(read('twice.json', `{"name": "twice", "title": "t", "game": "${COIN}",\n  "games": 20, "games": 30}`)).toThrow(
        /twice.json: cannot read experiment file: duplicate key "games" at line 2, column 16$/,
      );
    });

    it("refuses a paired chart's sort other than difference, naming the field and the value allowed", () => {
      const chart = `grid:\n  target: [5, 7]\ncharts:\n  - { type: pairedDifference, varied: target, sort: name }\n`;
      expect(read('sort.yaml', `name: sort\n${header}${chart}`)).toThrow(new InputError(`${join(dir, 'sort.yaml')}: field charts[0].sort: expected "difference", got "name"`));
    });

    it('refuses bytes that are not UTF-8 text, naming the line', () => {
      const latin1 = Buffer.concat([Buffer.from(`name: latin\n${header}description: caf`), Buffer.from([0xe9]), Buffer.from('\n')]);
      expect(read('latin.yaml', latin1)).toThrow(new InputError(`${join(dir, 'latin.yaml')}: cannot read experiment file: not UTF-8 text at line 4`));
    });
  });

  it('refuses a file whose name field is not its file name, which reports and merges go by', () => {
    const path = join(tempDir('playsim-name-'), 'speeds.yaml');
    writeFileSync(path, `name: levels\ntitle: x\ngame: ${COIN}\n`);
    expect(() => readExperimentFile(path)).toThrow(new InputError(`${path}: field name: "levels" must match the file name "speeds"`));
  });

  it('says when a path the file names is missing from the working directory but lies beside the file', async () => {
    const dir = tempDir('playsim-beside-');
    const experiment = join(dir, 'x.yaml');
    copyFileSync('test/fixtures/strategies/illegal.ts', join(dir, 'mine.ts'));
    writeFileSync(join(dir, 'cards.json'), '{}');
    const run = (fields: Record<string, unknown>) => {
      const file = experimentSchema.parse({ name: 'x', title: 'x', game: COIN, ...fields });
      return executeExperiment({ file, sourcePath: experiment, games: 10, workers: 1, shard: null, keepGameWins: false }).catch((error) => error);
    };
    const hint = `(paths in an experiment file are read from the working directory, ${process.cwd()}; ${join(dir, 'mine.ts')} exists: name it so, or run from ${dir})`;
    const strategy = await run({ strategies: ['mine.ts'] });
    expect(strategy).toBeInstanceOf(InputError);
    expect(strategy.message).toMatch(new RegExp(`^${experiment}: field strategies: "mine.ts": cannot load module`));
    expect(strategy.message.endsWith(hint)).toBe(true);
    const content = await run({ content: 'cards.json' });
    expect(content.message).toMatch(new RegExp(`^${experiment}: field content: cards.json: cannot read content file`));
    expect(content.message).toContain(`${join(dir, 'cards.json')} exists`);
    expect((await run({ content: 'nowhere.json' })).message).not.toContain('exists:');
  });
});
