import { spawn } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, readdirSync, readFileSync, statSync, symlinkSync } from 'node:fs';
import { dirname, join, normalize, relative, resolve } from 'node:path';
import { isDeepStrictEqual } from 'node:util';
import { describe, expect, it } from 'vitest';
import { parseAllDocuments } from 'yaml';
import { readResultsFile } from '../src/sim/results-file.ts';
import type { ResultsFile } from '../src/sim/results.ts';
import { tempDir } from './fixtures/temp-dir.ts';

/**
 * The manifests docs/ gives to copy must work as written: their own commands run here, shrunk to a few games a cell,
 * with GitHub's and Kubernetes' part played by the test: checkouts, the image, artifacts and volumes are folders in a
 * temporary one.
 */

const PACKAGE = JSON.parse(readFileSync('package.json', 'utf8')) as { bin: Record<string, string>; dependencies: Record<string, string> };

/** The fewest games a task plays: each of n shards of a run of n × TASK_GAMES games a cell plays one task. */
const TASK_GAMES = 10;

const GAMES = /--games[ =]\d+/g;
const SHARD = /--shard[ =]\S+/;
const OUT = /--out[ =]\S+/;
const WORKERS = /--workers[ =]\d+/g;

function readYamlDocuments(path: string): unknown[] {
  return parseAllDocuments(readFileSync(path, 'utf8')).map((document) => {
    if (document.errors.length > 0) throw new Error(`${path}: ${document.errors[0].message}`);
    return document.toJS();
  });
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

const WILDCARDS: Record<string, string> = { '**': '.*', '*': '[^/]*', '?': '[^/]' };

/** A glob (`*` and `?` within a name, `**` across folders) as a regular expression matching a whole name or path. */
function globRegExp(glob: string): RegExp {
  return new RegExp(`^${glob.split(/(\*\*|\*|\?)/).map((part) => WILDCARDS[part] ?? escapeRegExp(part)).join('')}$`);
}

/** Whether .dockerignore keeps a path of the repository out of the image: a pattern matches it or a folder above it. */
function dockerIgnored(path: string): boolean {
  const lines = readFileSync('.dockerignore', 'utf8').split('\n').map((line) => line.trim());
  const patterns = lines.filter((line) => line !== '' && !line.startsWith('#')).map((line) => globRegExp(line.replace(/^\/|\/$/g, '')));
  const parts = normalize(path).split('/');
  return parts.some((_, end) => patterns.some((pattern) => pattern.test(parts.slice(0, end + 1).join('/'))));
}

/**
 * This working tree at `dir`, as a job's checkout holds it: the repository's top-level entries linked, so that commands
 * read the repository but write only under `dir`. node_modules stands for the one `npm ci` installs, and reports/,
 * where runs write by default, starts empty as in a fresh clone.
 */
function checkOut(dir: string): string {
  mkdirSync(join(dir, 'reports'), { recursive: true });
  for (const name of readdirSync('.')) {
    if (name !== 'reports' && name !== '.git') symlinkSync(resolve(name), join(dir, name));
  }
  return dir;
}

/**
 * The image docs/kubernetes/Dockerfile builds, at `dir`: a copy of the repository less what .dockerignore lists (a
 * copy, not links: Node resolves a module from its real path), and in node_modules only what its `npm ci --omit=dev`
 * installs, the lock's packages not marked dev (an optional one where this platform has it), so that a package the
 * CLI needs at run time but lists among devDependencies is missing here as there.
 */
function buildImage(dir: string): string {
  for (const name of readdirSync('.')) {
    if (name !== 'node_modules' && !dockerIgnored(name)) cpSync(name, join(dir, name), { recursive: true });
  }
  const lock = JSON.parse(readFileSync('package-lock.json', 'utf8')) as { packages: Record<string, { dev?: boolean }> };
  for (const [path, entry] of Object.entries(lock.packages)) {
    const topLevel = path.startsWith('node_modules/') && !path.slice('node_modules/'.length).includes('/node_modules/');
    if (!topLevel || entry.dev === true || !existsSync(path)) continue;
    mkdirSync(dirname(join(dir, path)), { recursive: true });
    symlinkSync(resolve(path), join(dir, path));
  }
  return dir;
}

/**
 * A manifest's shell command as run here: `npx playsim` as npm runs it, by package.json's bin; `npm ci` done already
 * (every checkout links the repository's node_modules); and every experiment run shrunk to `games` games a cell, on
 * one worker (the results are the same on any number, and the test runs many at once on few cores).
 */
function asRunHere(command: string, games: number): string {
  if (/playsim(\.mjs)? run\b/.test(command) && command.match(GAMES) === null) throw new Error(`no --games to shrink, so it would take the experiment's full size: ${command}`);
  const shrunk = command.replaceAll('npx playsim', `node ${PACKAGE.bin.playsim}`).replace(/\bnpm ci\b/g, 'true').replace(GAMES, `--games ${games}`);
  return command.match(WORKERS) === null ? shrunk.replace(GAMES, '$& --workers 1') : shrunk.replace(WORKERS, '--workers 1');
}

/** A sharded run's command as the single run it splits: without --shard, writing to `out`. */
function unsharded(command: string, out: string): string {
  if (!SHARD.test(command) || !OUT.test(command)) throw new Error(`expected a run with --shard and --out: ${command}`);
  return command.replace(SHARD, '').replace(OUT, `--out ${out}`);
}

/**
 * Runs a command to its end; one that fails throws, naming the command, folder and exit code, with its stderr quoted
 * line by line (a stack trace in it, left bare, would be read by vitest as the error's own).
 */
function runCommand(argv: string[], cwd: string, env: Record<string, string> = {}): Promise<void> {
  return new Promise((done, fail) => {
    const child = spawn(argv[0], argv.slice(1), { cwd, env: { ...process.env, ...env }, stdio: ['ignore', 'ignore', 'pipe'] });
    let stderr = '';
    child.stderr.on('data', (chunk) => (stderr += chunk));
    child.on('error', fail);
    child.on('close', (code) => (code === 0 ? done() : fail(new Error(`${argv.join(' ')} (in ${cwd}) exited with ${code}:\n${stderr.replace(/^/gm, '  | ')}`))));
  });
}

/** Waits for every command, then throws the first failure, so that none is left running into the next test. */
async function allFinished(runs: Promise<unknown>[]): Promise<void> {
  const failure = (await Promise.allSettled(runs)).find((outcome) => outcome.status === 'rejected');
  if (failure !== undefined) throw failure.reason;
}

/** The results.json in each folder of `dir`. */
function resultsUnder(dir: string): ResultsFile[] {
  return readdirSync(dir).map((name) => join(dir, name, 'results.json')).filter((path) => existsSync(path)).map(readResultsFile);
}

/** Each shard of the split played games, and the one merged results file is exactly the single run's. */
function expectShardsMergedIntoTheSingleRun(written: ResultsFile[], single: ResultsFile, count: number) {
  const shards = written.filter((results) => results.shard !== null);
  expect(shards.map((results) => results.shard).sort((a, b) => a!.index - b!.index)).toEqual(Array.from({ length: count }, (_, index) => ({ index, count })));
  expect(shards.filter((results) => results.cells.some((cell) => cell.games === 0)).map((results) => `shard ${results.shard!.index} played no games of some cells`)).toEqual([]);
  const merged = written.filter((results) => results.shard === null);
  expect(merged).toHaveLength(1);
  const tallies = (results: ResultsFile) => results.cells.map((cell) => ({ cell: cell.id, games: cell.games, outcomes: cell.raw.outcomeCounts }));
  expect(tallies(merged[0])).toEqual(tallies(single));
  // Field by field: a diff of two whole results files is too large for vitest to show.
  const fields = [...new Set([...Object.keys(merged[0]), ...Object.keys(single)])] as (keyof ResultsFile)[];
  expect(fields.filter((field) => !isDeepStrictEqual(merged[0][field], single[field])).map((field) => `${field}: not the single run's`)).toEqual([]);
}

// GitHub Actions

interface Step {
  uses?: string;
  run?: string;
  with?: Record<string, string | number>;
  'working-directory'?: string;
}

interface Job {
  needs?: string | string[];
  strategy?: { matrix: Record<string, unknown[]> };
  steps: Step[];
}

interface Workflow {
  env?: Record<string, string | number>;
  jobs: Record<string, Job>;
}

/** One run of a job (one per combination of its matrix) on a machine of its own: the folder `workspace`. */
interface JobRun {
  workspace: string;
  artifacts: string;
  context: Record<string, Record<string, unknown>>;
  env: Record<string, string>;
  games: number;
}

/** The actions the workflows use, played here; the inputs they ignore do not change what this test runs. */
const ACTIONS: Record<string, { inputs: string[]; ignored: string[]; use: (job: JobRun, inputs: Record<string, string>) => void }> = {
  'actions/checkout': { inputs: ['path'], ignored: ['ref'], use: (job, { path = '.' }) => checkOut(join(job.workspace, path)) },
  'actions/setup-node': { inputs: [], ignored: ['node-version', 'cache'], use: () => {} },
  'actions/upload-artifact': { inputs: ['name', 'path'], ignored: [], use: uploadArtifact },
  'actions/download-artifact': { inputs: ['pattern', 'path'], ignored: [], use: downloadArtifacts },
};

/** A ${{ context.name }} expression's value; any other expression throws, as this test cannot evaluate it. */
function expand(text: string, context: JobRun['context']): string {
  return text.replace(/\$\{\{(.*?)\}\}/g, (expression, inner: string) => {
    const [, scope, name] = /^\s*(\w+)\.([\w-]+)\s*$/.exec(inner) ?? [];
    const value = context[scope]?.[name];
    if (value === undefined) throw new Error(`cannot evaluate ${expression}`);
    return String(value);
  });
}

/** upload-artifact: the files below the paths' nearest common folder. A path with nothing there throws (GitHub only warns), as the report is the workflow's point. */
function uploadArtifact(job: JobRun, { name, path }: Record<string, string>) {
  const paths = path.split('\n').filter((line) => line.trim() !== '').map((line) => join(job.workspace, line.trim()));
  const missing = paths.filter((source) => !existsSync(source));
  if (missing.length > 0) throw new Error(`upload-artifact ${name}: no file at ${missing.join(', ')}`);
  if (existsSync(join(job.artifacts, name))) throw new Error(`upload-artifact ${name}: an artifact of that name exists already (v4 refuses it)`);
  const root = paths.length === 1 && statSync(paths[0]).isDirectory() ? paths[0] : commonFolder(paths.map((source) => dirname(source)));
  for (const source of paths) cpSync(source, join(job.artifacts, name, relative(root, source)), { recursive: true });
}

function commonFolder(folders: string[]): string {
  return folders.reduce((common, folder) => {
    while (relative(common, folder).startsWith('..')) common = dirname(common);
    return common;
  });
}

/** download-artifact by pattern: each artifact it matches into a folder of the artifact's name below `path`. */
function downloadArtifacts(job: JobRun, { pattern, path = '.' }: Record<string, string>) {
  const names = readdirSync(job.artifacts).filter((name) => globRegExp(pattern).test(name));
  if (names.length === 0) throw new Error(`download-artifact: no artifact matches ${pattern}`);
  for (const name of names) cpSync(join(job.artifacts, name), join(job.workspace, path, name), { recursive: true });
}

function useAction(step: Step, job: JobRun) {
  const action = ACTIONS[step.uses!.split('@')[0]];
  if (action === undefined) throw new Error(`this test does not play ${step.uses}`);
  const inputs = Object.entries(step.with ?? {}).filter(([input]) => !action.ignored.includes(input));
  const unknown = inputs.filter(([input]) => !action.inputs.includes(input));
  if (unknown.length > 0) throw new Error(`this test does not play ${step.uses}'s input ${unknown.map(([input]) => input).join(', ')}`);
  action.use(job, Object.fromEntries(inputs.map(([input, value]) => [input, expand(String(value), job.context)])));
}

/** A run step, in GitHub's shell for bash (which stops at the first failing command). */
function runStep(step: Step, job: JobRun): Promise<void> {
  const cwd = join(job.workspace, step['working-directory'] ?? '.');
  return runCommand(['bash', '--noprofile', '--norc', '-eo', 'pipefail', '-c', asRunHere(expand(step.run!, job.context), job.games)], cwd, job.env);
}

async function runJob(steps: Step[], job: JobRun): Promise<void> {
  for (const step of steps) {
    if (step.run === undefined) useAction(step, job);
    else await runStep(step, job);
  }
}

function matrixCombinations(matrix: Record<string, unknown[]> = {}): Record<string, unknown>[] {
  return Object.entries(matrix).reduce<Record<string, unknown>[]>(
    (combinations, [key, values]) => combinations.flatMap((combination) => values.map((value) => ({ ...combination, [key]: value }))),
    [{}],
  );
}

/**
 * Runs a workflow's jobs in folders of `root`, each after the jobs it needs, their experiments at `games` games a
 * cell; the artifacts are kept in root/artifacts. Gives what each job run wrote to its step summary, by job run.
 */
async function runWorkflow(workflow: Workflow, root: string, games: number): Promise<Record<string, string>> {
  const env = Object.fromEntries(Object.entries(workflow.env ?? {}).map(([name, value]) => [name, String(value)]));
  const artifacts = join(root, 'artifacts');
  mkdirSync(artifacts, { recursive: true });
  const summaries: Record<string, string> = {};
  const done = new Set<string>();
  while (done.size < Object.keys(workflow.jobs).length) {
    const ready = Object.keys(workflow.jobs).filter((name) => !done.has(name) && [workflow.jobs[name].needs ?? []].flat().every((need) => done.has(need)));
    if (ready.length === 0) throw new Error('some jobs need jobs that never run');
    const runs = ready.flatMap((name) =>
      matrixCombinations(workflow.jobs[name].strategy?.matrix).map((matrix) => {
        const id = [name, ...Object.values(matrix)].join('-');
        const summary = join(root, `${id}.summary.md`);
        const workspace = join(root, id);
        mkdirSync(workspace);
        const job = { workspace, artifacts, context: { matrix, env }, env: { ...env, GITHUB_WORKSPACE: workspace, GITHUB_STEP_SUMMARY: summary }, games };
        return runJob(workflow.jobs[name].steps, job).then(() => (summaries[id] = existsSync(summary) ? readFileSync(summary, 'utf8') : ''));
      }),
    );
    await allFinished(runs);
    ready.forEach((name) => done.add(name));
  }
  return summaries;
}

function readWorkflow(path: string): Workflow {
  return readYamlDocuments(path)[0] as Workflow;
}

describe('docs/github-actions', () => {
  it('playsim-sharded.yml: the matrix plays every shard, and its merge job uploads exactly the single run', async () => {
    const workflow = readWorkflow('docs/github-actions/playsim-sharded.yml');
    const [shardJob] = Object.values(workflow.jobs).filter((job) => job.strategy !== undefined);
    const shards = matrixCombinations(shardJob.strategy!.matrix);
    const shardRun = shardJob.steps.find((step) => step.run?.includes('--shard'))?.run;
    if (shardRun === undefined) throw new Error('no step of the matrix job runs playsim with --shard');
    const root = tempDir('playsim-sharded-');
    const single = join(root, 'single-run');
    const firstShard = expand(shardRun, { matrix: shards[0], env: workflow.env ?? {} });
    const singleRun = { env: workflow.env, jobs: { single: { steps: [{ uses: 'actions/checkout@v4' }, { run: unsharded(firstShard, single) }] } } };
    const games = TASK_GAMES * shards.length;
    await allFinished([runWorkflow(workflow, root, games), runWorkflow(singleRun, join(root, 'single'), games)]);
    expectShardsMergedIntoTheSingleRun(resultsUnder(join(root, 'artifacts')), readResultsFile(join(single, 'results.json')), shards.length);
  }, 120_000);

  it('playsim-report.yml: runs the experiment, shows its summary in the job summary and uploads the report', async () => {
    const root = tempDir('playsim-report-');
    const summaries = Object.values(await runWorkflow(readWorkflow('docs/github-actions/playsim-report.yml'), root, TASK_GAMES));
    const [report] = readdirSync(join(root, 'artifacts')).map((name) => join(root, 'artifacts', name));
    expect(readdirSync(report)).toEqual(expect.arrayContaining(['results.json', 'summary.md', 'report.html']));
    expect(summaries).toEqual([readFileSync(join(report, 'summary.md'), 'utf8')]);
  });

  it('playsim-diff.yml: runs the experiment on both checkouts, shows the diff in the job summary and uploads both reports', async () => {
    const root = tempDir('playsim-diff-');
    const summaries = Object.values(await runWorkflow(readWorkflow('docs/github-actions/playsim-diff.yml'), root, TASK_GAMES));
    // Both checkouts are this working tree, so nothing moved.
    expect(summaries).toEqual([expect.stringMatching(/^# Before and after: [^]*\b0 of \d+ matched cells moved\b/)]);
    const [artifact] = readdirSync(join(root, 'artifacts')).map((name) => join(root, 'artifacts', name));
    expect(readdirSync(artifact, { recursive: true }).filter((path) => String(path).endsWith('results.json'))).toHaveLength(2);
  });
});

// Kubernetes

interface Container {
  command?: string[];
  args?: string[];
  volumeMounts?: { name: string; mountPath: string }[];
}

interface KubernetesObject {
  kind: string;
  metadata: { name: string };
}

interface KubernetesJob extends KubernetesObject {
  spec: {
    completionMode?: string;
    completions?: number;
    template: { spec: { containers: Container[]; volumes?: { name: string; persistentVolumeClaim: { claimName: string } }[] } };
  };
}

/** The image (a checkout as the Dockerfile copies it), and a folder per volume claim of the manifests. */
interface Cluster {
  image: string;
  volumes: string;
  claims: string[];
}

/** A container's command line, with the folders of the volumes it mounts in place of their mount paths. */
function containerCommand(job: KubernetesJob, container: Container, cluster: Cluster, games: number): string[] {
  const mounts = (container.volumeMounts ?? []).map(({ name, mountPath }) => {
    const claim = job.spec.template.spec.volumes?.find((volume) => volume.name === name)?.persistentVolumeClaim.claimName;
    if (claim === undefined || !cluster.claims.includes(claim)) throw new Error(`volume ${name}: no PersistentVolumeClaim ${claim} in the manifests`);
    mkdirSync(join(cluster.volumes, claim), { recursive: true });
    return { mountPath, folder: join(cluster.volumes, claim) };
  });
  const commandLine = [...(container.command ?? []), ...(container.args ?? [])];
  const mounted = (arg: string) => mounts.reduce((mapped, { mountPath, folder }) => mapped.replace(new RegExp(`(?<=^|[\\s=])${escapeRegExp(mountPath)}(?=/|\\s|$)`, 'g'), folder), arg);
  return commandLine.map((arg) => asRunHere(mounted(arg), games));
}

/** A Job's pods, all at once, one per completion; an Indexed Job's pod finds its index in JOB_COMPLETION_INDEX. */
async function runKubernetesJob(job: KubernetesJob, cluster: Cluster, games: number): Promise<void> {
  const indices = Array.from({ length: job.spec.completions ?? 1 }, (_, index) => index);
  const indexEnv = (index: number): Record<string, string> => (job.spec.completionMode === 'Indexed' ? { JOB_COMPLETION_INDEX: String(index) } : {});
  const containers = job.spec.template.spec.containers;
  await allFinished(indices.flatMap((index) => containers.map((container) => runCommand(containerCommand(job, container, cluster, games), cluster.image, indexEnv(index)))));
}

describe('docs/kubernetes', () => {
  it('indexed-job.yaml plays every shard in the image, and merge-job.yaml merges them into exactly the single run', async () => {
    const documents = ['docs/kubernetes/indexed-job.yaml', 'docs/kubernetes/merge-job.yaml'].flatMap(readYamlDocuments) as KubernetesObject[];
    const root = tempDir('playsim-kubernetes-');
    const claims = documents.filter((document) => document.kind === 'PersistentVolumeClaim').map((document) => document.metadata.name);
    const cluster = { image: buildImage(join(root, 'image')), volumes: join(root, 'volumes'), claims };
    const [indexedJob, mergeJob] = documents.filter((document) => document.kind === 'Job') as KubernetesJob[];
    const shardCount = indexedJob.spec.completions!;
    const games = TASK_GAMES * shardCount;
    const single = join(root, 'single-run');
    const singleRun = containerCommand(indexedJob, indexedJob.spec.template.spec.containers[0], cluster, games).map((arg) => (SHARD.test(arg) ? unsharded(arg, single) : arg));
    await allFinished([runKubernetesJob(indexedJob, cluster, games), runCommand(singleRun, cluster.image)]);
    await runKubernetesJob(mergeJob, cluster, games);
    const written = readdirSync(cluster.volumes).flatMap((claim) => resultsUnder(join(cluster.volumes, claim)));
    expectShardsMergedIntoTheSingleRun(written, readResultsFile(join(single, 'results.json')), shardCount);
  }, 120_000);
});

describe('docs/kubernetes/Dockerfile', () => {
  const instructions = readFileSync('docs/kubernetes/Dockerfile', 'utf8')
    .split('\n')
    .filter((line) => line.trim() !== '' && !line.startsWith('#'))
    .map((line) => {
      const [keyword, ...args] = line.trim().split(/\s+/);
      return { keyword, args };
    });

  it('copies files of the repository that .dockerignore lets into the build, and its ENTRYPOINT runs the CLI', () => {
    const sources = instructions.filter(({ keyword }) => keyword === 'COPY').flatMap(({ args }) => args.filter((arg) => !arg.startsWith('--')).slice(0, -1));
    expect(sources.filter((source) => !existsSync(source) || dockerIgnored(source)).map((source) => `COPY ${source}: not in the build context`)).toEqual([]);
    const [entrypoint] = instructions.filter(({ keyword }) => keyword === 'ENTRYPOINT').map(({ args }) => JSON.parse(args.join(' ')) as string[]);
    expect(entrypoint.slice(1).filter((script) => !existsSync(script) || dockerIgnored(script)).map((script) => `ENTRYPOINT ${script}: not in the image`)).toEqual([]);
    expect(entrypoint.slice(1)).toContain(PACKAGE.bin.playsim);
  });

  it('installs with npm ci --omit=dev, so package.json\'s "dependencies" must hold every package the CLI imports', () => {
    const imported = packagesImportedAtRunTime();
    expect(imported).toContain('tsx');
    expect(imported.filter((name) => !(name in PACKAGE.dependencies)).map((name) => `${name}: not in "dependencies"`)).toEqual([]);
  });

  it('leaves the local node_modules out of the image (.dockerignore)', () => {
    expect(dockerIgnored('node_modules'), '.dockerignore does not list node_modules').toBe(true);
  });
});

/** The packages bin/, src/ and strategies/ import; an import of types only is erased, so not needed at run time. */
function packagesImportedAtRunTime(): string[] {
  const files = ['bin', 'src', 'strategies'].flatMap((dir) => readdirSync(dir, { recursive: true, encoding: 'utf8' }).filter((file) => /\.(ts|mjs|js)$/.test(file)).map((file) => join(dir, file)));
  const imports = files.flatMap((file) => [...readFileSync(file, 'utf8').matchAll(/^(?:import|export)\s+(type\s)?[^;]*?\bfrom\s+'([^']+)'|\bimport\('([^']+)'\)/gm)]);
  const specifiers = imports.filter(([, typeOnly]) => typeOnly === undefined).map(([, , from, dynamic]) => from ?? dynamic);
  const packages = specifiers.filter((specifier) => !specifier.startsWith('.') && !specifier.startsWith('node:')).map((specifier) => specifier.split('/').slice(0, specifier.startsWith('@') ? 2 : 1).join('/'));
  return [...new Set(packages)].sort();
}
