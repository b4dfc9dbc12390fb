import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import yargs from 'yargs';
import { hideBin } from 'yargs/helpers';

/**
 * `npm run bench:ab -- --base REV`: is this checkout faster than the commit REV, and does it play the same games?
 *
 * This machine's speed drifts by up to 30% within an hour, so two builds timed one after the other cannot show a
 * change of a few percent. Here both builds play the same seeds in one process, in alternating batches, so the drift
 * hits both alike. The process runs twice, loading the builds in either order: in runs of one build against itself
 * the one loaded first was 1-2% faster. Each build's outcomes and metrics are folded into a checksum game by game:
 * a change meant only to be faster must print "same games".
 */

interface Measured {
  /** CPU-seconds of each build's timed batches: [base, change]. */
  cpu: [number, number];
  checksum: [number, number];
  /** Per batch, the change's speed-up over the base. */
  speedUps: number[];
}

const argv = yargs(hideBin(process.argv))
  .option('base', { type: 'string', default: 'HEAD', describe: 'the commit to compare this checkout (its working tree) with' })
  .option('game', { type: 'string', default: 'setawatch' })
  .option('strategy', { type: 'string', default: 'greedy' })
  .option('set', { type: 'string', array: true, default: [] as string[], describe: 'a setting, key=value (repeatable)' })
  .option('batch', { type: 'number', default: 1000, describe: 'games a build plays before the other takes its turn (twice as many to warm up)' })
  .option('rounds', { type: 'number', default: 16, describe: 'batches each build plays, per load order' })
  .option('measure', { type: 'string', array: true, hidden: true, describe: 'internal: the two checkouts to load, in this order' })
  .strict()
  .parseSync();

const settings = Object.fromEntries(argv.set.map((pair) => pair.split('=')));

if (argv.measure !== undefined) {
  const [first, second] = argv.measure;
  process.stdout.write(JSON.stringify(await measure(first, second)));
} else {
  await compare();
}

async function compare(): Promise<void> {
  const here = resolve(import.meta.dirname, '..');
  const base = mkdtempSync(join(tmpdir(), 'playsim-ab-'));
  try {
    execFileSync('git', ['worktree', 'add', '--detach', '--quiet', base, argv.base], { cwd: here, stdio: 'inherit' });
    symlinkSync(join(here, 'node_modules'), join(base, 'node_modules'));
    report(runMeasure(base, here), baseThenChange(runMeasure(here, base)));
  } finally {
    execFileSync('git', ['worktree', 'remove', '--force', base], { cwd: here });
    rmSync(base, { recursive: true, force: true });
  }
}

/** One process measuring `first` against `second`, as the base against the change. */
function runMeasure(first: string, second: string): Measured {
  const sets = argv.set.flatMap((pair) => ['--set', pair]);
  const options = ['--game', argv.game, '--strategy', argv.strategy, ...sets, '--batch', String(argv.batch), '--rounds', String(argv.rounds)];
  const child = spawnSync(process.execPath, ['--import', 'tsx', import.meta.filename, ...options, '--measure', first, second], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'inherit'] });
  if (child.status !== 0) throw new Error(`bench:ab: the measuring process failed (exit ${child.status})`);
  return JSON.parse(child.stdout) as Measured;
}

/** A measurement that loaded the change first, in the base-then-change order of the other. */
function baseThenChange(changeFirst: Measured): Measured {
  const [change, base] = changeFirst.cpu;
  const [changeSum, baseSum] = changeFirst.checksum;
  return { cpu: [base, change], checksum: [baseSum, changeSum], speedUps: changeFirst.speedUps.map((speedUp) => 1 / speedUp) };
}

function report(baseFirst: Measured, changeFirst: Measured): void {
  const games = argv.batch * argv.rounds;
  const rate = (cpu: number) => Math.round((2 * games) / cpu).toLocaleString('en-US');
  const baseCpu = baseFirst.cpu[0] + changeFirst.cpu[0];
  const changeCpu = baseFirst.cpu[1] + changeFirst.cpu[1];
  const speedUps = [...baseFirst.speedUps, ...changeFirst.speedUps].sort((a, b) => a - b);
  const same = baseFirst.checksum[0] === baseFirst.checksum[1] && changeFirst.checksum[0] === changeFirst.checksum[1];
  console.log(`${argv.game} ${argv.strategy} ${argv.set.join(' ')}: ${2 * games} games each`);
  console.log(`base ${argv.base}: ${rate(baseCpu)} games per CPU-second; this checkout: ${rate(changeCpu)}`);
  console.log(`speed-up ${(baseCpu / changeCpu).toFixed(3)} (base loaded first ${(baseFirst.cpu[0] / baseFirst.cpu[1]).toFixed(3)}, second ${(changeFirst.cpu[0] / changeFirst.cpu[1]).toFixed(3)}); per batch ${speedUps[0].toFixed(3)} to ${speedUps[speedUps.length - 1].toFixed(3)}, median ${speedUps[speedUps.length >> 1].toFixed(3)}`);
  console.log(same ? 'same games' : 'DIFFERENT games: the outcomes or metrics differ');
}

async function measure(first: string, second: string): Promise<Measured> {
  const builds = [await build(first), await build(second)];
  for (const each of builds) each.play(10_000_000, 2 * argv.batch);
  const speedUps: number[] = [];
  for (let round = 0; round < argv.rounds; round++) {
    const from = round * argv.batch;
    const order = round % 2 === 0 ? builds : [builds[1], builds[0]];
    for (const each of order) each.timed(from, argv.batch);
    speedUps.push(builds[0].lastCpu / builds[1].lastCpu);
  }
  return { cpu: [builds[0].cpu, builds[1].cpu], checksum: [builds[0].checksum, builds[1].checksum], speedUps };
}

/** A checkout's engine, strategy and outcome record, loaded from its own files, and the CPU time its games took. */
async function build(root: string) {
  const { OutcomeRecord, playOneGame } = await import(join(root, 'src/core/game.ts'));
  const { gameSeed } = await import(join(root, 'src/core/rng.ts'));
  const { loadGame } = await import(join(root, 'src/games/registry.ts'));
  const { loadContent } = await import(join(root, 'src/sim/content.ts'));
  const { resolveSettings } = await import(join(root, 'src/sim/settings.ts'));
  const { createStrategy } = await import(join(root, 'src/sim/strategy-spec.ts'));
  const game = await loadGame(argv.game);
  const engine = game.createEngine(resolveSettings(game, settings, 'bench:ab'), loadContent(game, undefined).content, null);
  const strategy = await createStrategy(game, argv.strategy);
  const record = new OutcomeRecord(game.metrics.length);
  const folded = new Float64Array(1);
  const words = new Uint32Array(folded.buffer);
  const build = {
    cpu: 0,
    lastCpu: 0,
    checksum: 0,
    play(from: number, count: number): void {
      for (let index = from; index < from + count; index++) playOneGame(engine, gameSeed(1, index), strategy, record);
    },
    timed(from: number, count: number): void {
      const started = process.cpuUsage();
      for (let index = from; index < from + count; index++) {
        playOneGame(engine, gameSeed(1, index), strategy, record);
        build.fold(record.outcome);
        for (const value of record.metrics) build.fold(value);
      }
      const used = process.cpuUsage(started);
      build.lastCpu = (used.user + used.system) / 1e6;
      build.cpu += build.lastCpu;
    },
    fold(value: number): void {
      folded[0] = value;
      build.checksum = (Math.imul(build.checksum ^ words[0], 0x01000193) ^ words[1]) >>> 0;
    },
  };
  return build;
}
