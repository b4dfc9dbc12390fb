import { InputError } from '../../core/errors.ts';
import type { GameLog, GameModule, SettingSpec, Settings, SettingValue } from '../../core/game.ts';
import { necreauxStrategies } from '../../../strategies/necreaux/index.ts';
import { CardTable } from './cards.ts';
import { necreauxContent, type NecreauxContent } from './content.ts';
import { type NecreauxStrategy, STRATEGY_METHODS } from './decisions.ts';
import { NecreauxEngine, type EngineHooks, type NecreauxRules } from './rules.ts';
import { METRICS } from './score.ts';
import { CACHES_PLACED, countdownAfterVariants, lowestPlayableCountdown, STARTING_COUNTDOWN, type AgentCreation, type CacheMode, type NoTimeToWaste } from './setup.ts';

const LEVELS = ['intro', '1', '2', '3', '4', '5', '6', '7'] as const;
const CACHE_MODES = ['level', 'none', 'upper', 'lower', 'both', 'shuffled-1', 'shuffled-2'] as const;
const NO_TIME_TO_WASTE = ['off', 'random', 'dealt'] as const;

/** The rulebook's Scaling Play levels: deck set-up, agent creation, default secret caches, Monster Loot rule. */
interface Level {
  readonly howToPlayDeck: boolean;
  readonly agentCreation: AgentCreation;
  readonly caches: CacheMode;
  readonly discardLootLeftovers: boolean;
}
const LEVEL_RULES: Readonly<Record<(typeof LEVELS)[number], Level>> = {
  intro: { howToPlayDeck: true, agentCreation: 'premade', caches: 'both', discardLootLeftovers: false },
  '1': { howToPlayDeck: true, agentCreation: 'keep3', caches: 'both', discardLootLeftovers: false },
  '2': { howToPlayDeck: true, agentCreation: 'keep3', caches: 'upper', discardLootLeftovers: false },
  '3': { howToPlayDeck: false, agentCreation: 'keep3', caches: 'both', discardLootLeftovers: false },
  '4': { howToPlayDeck: false, agentCreation: 'premade', caches: 'shuffled-2', discardLootLeftovers: false },
  '5': { howToPlayDeck: false, agentCreation: 'premade', caches: 'none', discardLootLeftovers: false },
  '6': { howToPlayDeck: false, agentCreation: 'keep3', caches: 'none', discardLootLeftovers: false },
  '7': { howToPlayDeck: false, agentCreation: 'draft', caches: 'none', discardLootLeftovers: true },
};

const SETTINGS: readonly SettingSpec[] = [
  { name: 'agents', kind: 'int', min: 1, max: 5, default: 4, description: 'Agents on the team (countdown starts at 11/9/7/5/4)' },
  {
    name: 'level',
    kind: 'enum',
    values: LEVELS,
    default: '6',
    description: 'Scaling Play level: deck set-up, agent creation and secret caches (6 = the normal game)',
  },
  {
    name: 'caches',
    kind: 'enum',
    values: CACHE_MODES,
    default: 'level',
    description: 'Secret caches in the adventure deck: as the level says, none, on the middle pile (upper), on the bottom pile (lower), both, or 1-2 shuffled in',
  },
  { name: 'uncertainEnding', kind: 'bool', default: false, description: 'An Uncertain Ending: countdown -3; at zero a die roll of 6 ends the game' },
  {
    name: 'noTimeToWaste',
    kind: 'enum',
    values: NO_TIME_TO_WASTE,
    default: 'off',
    description: 'No Time To Waste: remove 24 adventure cards (at random, or dealt to the players who each return one); countdown -5',
  },
  { name: 'players', kind: 'int', min: 0, max: 5, default: 0, description: 'Players controlling the agents (0 = one per agent)' },
  {
    name: 'skillReshuffle',
    kind: 'bool',
    default: true,
    description: 'When the skill deck runs out, shuffle the skill discard pile into a new one (the rulebook is silent)',
  },
  {
    name: 'cardRest',
    kind: 'enum',
    values: ['endsTurn', 'continue'],
    default: 'endsTurn',
    description: "A rest an adventure card grants (Barracks, Safe House): a full rest action, which ends the turn as the rulebook's rest does, or one after which the turn goes on at its speed",
  },
  {
    name: 'trapXp',
    kind: 'enum',
    values: ['card', 'agent'],
    default: 'card',
    description: 'Red text of an each-player speed test: 1 XP per card, or 1 XP per failing agent',
  },
];

/** Reads and checks the settings (missing ones take their defaults) into the rules an engine plays by. */
export function necreauxRules(settings: Settings): NecreauxRules {
  const agents = intSetting(settings, 'agents');
  const players = intSetting(settings, 'players');
  if (players > agents) throw new InputError(`setting "players" (${players}) must not exceed "agents" (${agents})`);
  const level = LEVEL_RULES[enumSetting(settings, 'level') as (typeof LEVELS)[number]];
  const caches = enumSetting(settings, 'caches');
  const noTimeToWaste = enumSetting(settings, 'noTimeToWaste') as NoTimeToWaste;
  const uncertainEnding = boolSetting(settings, 'uncertainEnding');
  checkCountdownPlayable(agents, uncertainEnding, noTimeToWaste);
  return {
    agents,
    players: players === 0 ? agents : players,
    howToPlayDeck: level.howToPlayDeck,
    agentCreation: level.agentCreation,
    caches: caches === 'level' ? level.caches : (caches as CacheMode),
    discardLootLeftovers: level.discardLootLeftovers,
    noTimeToWaste,
    uncertainEnding,
    skillReshuffle: boolSetting(settings, 'skillReshuffle'),
    trapXpPerAgent: enumSetting(settings, 'trapXp') === 'agent',
    cardRestEndsTurn: enumSetting(settings, 'cardRest') === 'endsTurn',
  };
}

/**
 * The variants' cuts may leave a countdown the rules cannot play: No Time To Waste alone with 4-5 agents moves the
 * marker to zero, where the game is over before a turn is played. With An Uncertain Ending a start at zero is played.
 */
function checkCountdownPlayable(agents: number, uncertainEnding: boolean, noTimeToWaste: NoTimeToWaste): void {
  const start = countdownAfterVariants(agents, uncertainEnding, noTimeToWaste);
  const lowest = lowestPlayableCountdown(uncertainEnding);
  if (start >= lowest) return;
  const settings = [`agents=${agents}`];
  const variants: string[] = [];
  if (uncertainEnding) {
    settings.push('uncertainEnding=true');
    variants.push('An Uncertain Ending');
  }
  if (noTimeToWaste !== 'off') {
    settings.push(`noTimeToWaste=${noTimeToWaste}`);
    variants.push('No Time To Waste');
  }
  const remedies = [`use 1-${mostAgentsPlayable(uncertainEnding, noTimeToWaste)} agents`];
  if (uncertainEnding) remedies.push(`uncertainEnding=false (1-${mostAgentsPlayable(false, noTimeToWaste)} agents)`);
  if (noTimeToWaste !== 'off') remedies.push('noTimeToWaste=off');
  throw new InputError(
    `settings ${settings.join(', ')}: ${variants.join(' and ')} ${variants.length > 1 ? 'move' : 'moves'} the countdown from ` +
      `${STARTING_COUNTDOWN[agents]} to ${start}, which the rules cannot play (it must start at ${lowest} or more); ${oneOf(remedies)}`,
  );
}

/** "a", "a or b", "a, b or c". */
function oneOf(options: readonly string[]): string {
  return options.length === 1 ? options[0] : `${options.slice(0, -1).join(', ')} or ${options[options.length - 1]}`;
}

/** The largest team whose countdown these variants leave playable (the start falls as the team grows). */
function mostAgentsPlayable(uncertainEnding: boolean, noTimeToWaste: NoTimeToWaste): number {
  let agents = STARTING_COUNTDOWN.length - 1;
  while (agents > 1 && countdownAfterVariants(agents, uncertainEnding, noTimeToWaste) < lowestPlayableCountdown(uncertainEnding)) agents--;
  return agents;
}

function settingValue(settings: Settings, name: string): SettingValue {
  const spec = SETTINGS.find((s) => s.name === name)!;
  return settings[name] ?? spec.default;
}

function intSetting(settings: Settings, name: string): number {
  const spec = SETTINGS.find((s) => s.name === name) as Extract<SettingSpec, { kind: 'int' }>;
  const value = settingValue(settings, name);
  if (typeof value !== 'number' || !Number.isInteger(value) || value < spec.min || value > spec.max) {
    throw new InputError(`setting "${name}" must be an integer ${spec.min}..${spec.max}, got ${String(value)}`);
  }
  return value;
}

function enumSetting(settings: Settings, name: string): string {
  const spec = SETTINGS.find((s) => s.name === name) as Extract<SettingSpec, { kind: 'enum' }>;
  const value = String(settingValue(settings, name));
  if (!spec.values.includes(value)) throw new InputError(`setting "${name}" must be one of ${spec.values.join(', ')}, got ${value}`);
  return value;
}

function boolSetting(settings: Settings, name: string): boolean {
  const value = settingValue(settings, name);
  if (typeof value !== 'boolean') throw new InputError(`setting "${name}" must be true or false, got ${String(value)}`);
  return value;
}

/** An engine with the test seam (scripted dice, deck stacking after set-up). */
export function createNecreauxEngine(settings: Settings, content: NecreauxContent, log: GameLog | null, hooks: EngineHooks = {}): NecreauxEngine {
  const rules = necreauxRules(settings);
  checkContentFits(content, rules);
  return new NecreauxEngine(new CardTable(content), rules, log, hooks);
}

/** The content must hold enough cards for the set-up the settings ask for. */
function checkContentFits(content: NecreauxContent, rules: NecreauxRules): void {
  const skillsNeeded = rules.agents * (rules.agentCreation === 'premade' ? 3 : 4);
  if (content.skills.length < skillsNeeded) {
    throw new InputError(`setting "agents" (${rules.agents}) needs ${skillsNeeded} skill cards; the content has ${content.skills.length}`);
  }
  if (rules.noTimeToWaste !== 'off' && content.adventure.length < 33) {
    throw new InputError('setting "noTimeToWaste" needs at least 33 adventure cards in the content');
  }
  const cachesNeeded = CACHES_PLACED[rules.caches];
  if (content.caches.length < cachesNeeded) {
    throw new InputError(`the caches the settings ask for (${rules.caches}, from "caches" or "level") need ${cachesNeeded} secret caches; the content has ${content.caches.length}`);
  }
}

export const necreaux: GameModule<NecreauxStrategy, NecreauxContent> = {
  id: 'necreaux',
  title: 'The Island of Doctor Necreaux (2nd ed.)',
  settings: SETTINGS,
  content: necreauxContent,
  strategies: necreauxStrategies,
  strategyMethods: STRATEGY_METHODS,
  defaultStrategy: 'adaptive',
  outcomes: ['success', 'draw', 'failure', 'utterFailure'],
  winOutcome: 'success',
  metrics: METRICS,
  createEngine: (settings, content, log) => createNecreauxEngine(settings, content, log),
};

export default necreaux;
