import { InputError } from '../../core/errors.ts';
import type { GameEngine, GameLog, GameModule, MetricSpec, OutcomeRecord, SettingSpec, Settings } from '../../core/game.ts';
import { citiesofdoomStrategies } from '../../../strategies/citiesofdoom/index.ts';
import { type CitiesContent, citiesofdoomContent } from './content.ts';
import type { CitiesStrategy } from './decisions.ts';
import { type Readings, STEP7_USES } from './readings.ts';
import { CitiesRules } from './rules.ts';
import { CHARACTERS, DiceTables } from './tables.ts';

/** Dicemaster: Cities of Doom, the solo mode against the automated Opponent, as a platform game module. */

/** The shipped sideboards (content/citiesofdoom/base.json); a user's content file must define the one it names. */
export const SIDEBOARDS = ['balanced', 'explorer', 'fighter', 'healer', 'blocker'] as const;

export const SETTINGS: readonly SettingSpec[] = [
  { name: 'runes', kind: 'enum', values: ['6', '4'], default: '6', description: 'runes to collect before the Opponent: 6, or 4 for the shorter game' },
  { name: 'damageLimit', kind: 'enum', values: ['7', '12'], default: '7', description: 'damage you may take without losing: 7, or 12 for the easier game' },
  { name: 'character', kind: 'enum', values: [...CHARACTERS, 'random'], default: 'random', description: 'dwarf (axe, sword), elf (bow, axe), human (sword, bow), or roll the character die' },
  { name: 'wod', kind: 'bool', default: false, description: 'Wilds of Doom rules: Healing die, encounter dice instead of the monster die, monster combat dice, expert combat dice' },
  { name: 'sideboard', kind: 'enum', values: SIDEBOARDS, default: 'balanced', description: 'which 25-die sideboard you start with (see content/citiesofdoom/base.json)' },
  {
    name: 'glowing',
    kind: 'enum',
    values: ['setup', 'every'],
    default: 'setup',
    description: 'glowing-die rerolls when preparing the character only (as written), or on every Step 1 roll too',
  },
  {
    name: 'doomlands',
    kind: 'enum',
    values: ['all', 'extra'],
    default: 'all',
    description: 'duplicate adventure dice: every die of a repeated landscape becomes a doomland, or only the extra copies',
  },
  {
    name: 'combatRolls',
    kind: 'int',
    min: 0,
    max: 9,
    default: 0,
    description: 'combat rolls per fight, the first included; 0 = reroll until you win or every die is burnt (the rulebook gives no limit)',
  },
  {
    name: 'defeatDamage',
    kind: 'enum',
    values: ['margin', '1', '2'],
    default: 'margin',
    description: "damage for a lost fight: the monster's power minus your last attack (at least 1), or a flat 1 or 2 (the rulebook gives none)",
  },
  {
    name: 'ring',
    kind: 'enum',
    values: ['any', 'action'],
    default: 'any',
    description: 'what a Ring brings in from the sideboard: any die (so special combat, healing and rune dice can reach the reserve), or action dice only (as written)',
  },
  {
    name: 'afterLoss',
    kind: 'enum',
    values: ['endTurn', 'stay'],
    default: 'endTurn',
    description: 'a lost fight or a retreat: the turn ends, or you stay put and go on with Steps 5-7 (treasure, preparation) and may move again (the rulebook says neither)',
  },
  {
    name: 'opponentRoll',
    kind: 'enum',
    values: ['reserve', 'all'],
    default: 'reserve',
    description: "the Opponent's Step 1: he rolls the dice in his reserve, keeping the results saved in his play area; or all his action dice, the saved ones rolled again",
  },
  {
    name: 'eagleReroll',
    kind: 'enum',
    values: ['missed', 'all'],
    default: 'missed',
    description: "the Opponent's Provisions rerolls the eagle dice that missed, or all three (\"a re-roll of the eagle dice\")",
  },
  {
    name: 'opponentSetup',
    kind: 'enum',
    values: ['prepare', 'none'],
    default: 'prepare',
    description: 'the Opponent prepares his action dice at set-up as you prepare your character, or not (the set-up names only your character; his first Step 1 is then in turn 2)',
  },
  {
    name: 'step7',
    kind: 'enum',
    values: [...STEP7_USES],
    default: 'all',
    description: 'what your Step 7 results may do ("keep the dice you want, as in Step 1"): every Step 1 use (heal, upgrade, Ring, White Tree...), keep only, or keep and change Magic to Provisions',
  },
  {
    name: 'weaponUpgrade',
    kind: 'enum',
    values: ['one', 'both'],
    default: 'one',
    description: 'what an upgrade try of a weapon keeps ("magic results and your weapon results"): Magic and that weapon, or Magic and both your weapons',
  },
  {
    name: 'combatTie',
    kind: 'enum',
    values: ['win', 'lose'],
    default: 'win',
    description: "an attack equal to the monster's power: wins (the attack need only reach the power), or loses (it must beat it; the rulebook says neither)",
  },
];

export const METRICS: readonly MetricSpec[] = [
  { name: 'turns', description: 'turns played', min: 1, max: 6 },
  { name: 'runesCollected', description: 'runes you hold at the end', min: 0, max: 6 },
  { name: 'damageTaken', description: 'damage taken over the game (before healing)', min: 0, max: 24 },
  { name: 'opponentRunes', description: "the Opponent's runes at the end", min: 0, max: 6 },
  { name: 'fightsWon', description: 'monsters beaten', min: 0, max: 30 },
  { name: 'routesCompleted', description: 'destinations entered', min: 0, max: 8 },
  { name: 'upgrades', description: 'successful upgrades (character and weapons)', min: 0, max: 10 },
];

/** The rules an engine plays by, from resolved settings (every setting present and checked by the platform) and the content. */
export function readingsOf(settings: Settings, content: CitiesContent): Readings {
  const sideboardName = String(settings.sideboard);
  const sideboard = content.sideboards.findIndex((s) => s.name === sideboardName);
  if (sideboard < 0) {
    throw new InputError(`setting sideboard=${sideboardName}: the content has no sideboard of that name; it has ${content.sideboards.map((s) => s.name).join(', ')}`);
  }
  const character = String(settings.character);
  return {
    runes: Number(settings.runes),
    damageLimit: Number(settings.damageLimit),
    character: character === 'random' ? -1 : CHARACTERS.indexOf(character as 'dwarf'),
    wod: settings.wod === true,
    sideboard,
    glowingEveryRoll: settings.glowing === 'every',
    allDuplicatesDoom: settings.doomlands === 'all',
    combatRolls: Number(settings.combatRolls),
    defeatDamage: settings.defeatDamage === 'margin' ? 0 : Number(settings.defeatDamage),
    ringBringsAnyDie: settings.ring === 'any',
    lossEndsTurn: settings.afterLoss !== 'stay',
    opponentRollsPlayArea: settings.opponentRoll === 'all',
    eagleRerollAll: settings.eagleReroll === 'all',
    opponentPreparesAtSetup: settings.opponentSetup !== 'none',
    step7Uses: STEP7_USES.find((uses) => uses === settings.step7) ?? 'all',
    weaponUpgradeKeepsBoth: settings.weaponUpgrade === 'both',
    tieWins: settings.combatTie !== 'lose',
  };
}

class CitiesEngine implements GameEngine<CitiesStrategy> {
  readonly rules: CitiesRules;
  constructor(settings: Settings, content: CitiesContent, log: GameLog | null) {
    this.rules = new CitiesRules(new DiceTables(content), readingsOf(settings, content), log);
  }

  playGame(seed: number, strategy: CitiesStrategy, out: OutcomeRecord): void {
    this.rules.playGame(seed, strategy, out);
  }
}

const citiesofdoom: GameModule<CitiesStrategy, CitiesContent> = {
  id: 'citiesofdoom',
  title: 'Dicemaster: Cities of Doom (solo, against the automated Opponent)',
  settings: SETTINGS,
  content: citiesofdoomContent,
  strategies: citiesofdoomStrategies,
  strategyMethods: ['choose'],
  defaultStrategy: 'heuristic',
  outcomes: ['win', 'opponentRunes', 'damage'],
  winOutcome: 'win',
  metrics: METRICS,
  createEngine(settings: Settings, content: CitiesContent, log: GameLog | null) {
    return new CitiesEngine(settings, content, log);
  },
};

export default citiesofdoom;
