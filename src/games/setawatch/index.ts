import type { GameEngine, GameLog, GameModule, OutcomeRecord, SettingSpec, Settings } from '../../core/game.ts';
import { InputError } from '../../core/errors.ts';
import { setawatchStrategies } from '../../../strategies/setawatch/index.ts';
import { CardTables } from './cards.ts';
import { contentSets, type SetawatchContent, setawatchContent, spellContentSets } from './content.ts';
import { ignoresProblem, type SetawatchStrategy } from './decisions.ts';
import { SetawatchRules } from './rules.ts';
import type { Readings } from './watch.ts';

/** Set a Watch (base game) as a platform game module. */

export const BASE_ADVENTURERS = ['beastmaster', 'cleric', 'ranger', 'rogue', 'warrior', 'wizard'] as const;
/** The pre-production Knight and Bard join the choice with the `preproduction` content set. */
export const PREPRODUCTION_ADVENTURERS = ['knight', 'bard'] as const;

/** The 15 parties of four base adventurers, each in alphabetical order, comma-joined. */
export const PARTIES: readonly string[] = partiesOfFour(BASE_ADVENTURERS);
export const DEFAULT_PARTY = 'cleric,ranger,warrior,wizard';
export const SET_CHOICES = ['base', 'base+preproduction', 'base+extra-locations', 'base+preproduction+extra-locations'] as const;

function partiesOfFour(names: readonly string[]): string[] {
  const parties: string[] = [];
  for (let left = 0; left < names.length; left++) {
    for (let right = left + 1; right < names.length; right++) parties.push(names.filter((_, i) => i !== left && i !== right).join(','));
  }
  return parties.sort();
}

/** The settings for the rules that read two ways (shared with Doomed Run, which plays on this engine). */
export const READING_SETTINGS: readonly SettingSpec[] = [
  { name: 'ongoing', kind: 'enum', values: ['face-up', 'always'], default: 'face-up', description: "when a creature's Ongoing power works: once revealed (default), or already face down" },
  { name: 'poison', kind: 'enum', values: ['per-revealed', 'flat'], default: 'per-revealed', description: "Poison Blade's bonus: +2 per revealed creature (as printed), or +2 once" },
  { name: 'tamed', kind: 'enum', values: ['health', 'rolled'], default: 'health', description: "a tamed creature's attack die: worth its printed health (default), or one more die of its tamer, rolled every round" },
  { name: 'backstab', kind: 'enum', values: ['defeat-first', 'reveals-first'], default: 'defeat-first', description: "Backstab defeats before the two revealed cards' Reveal powers fire (the FAQ: the one it defeats never fires), or after them" },
  { name: 'berserker', kind: 'enum', values: ['any', 'own'], default: 'any', description: "Berserker's \"one you just defeated\": the round's last defeat by anyone, or only one its Warrior made" },
  { name: 'cleave', kind: 'enum', values: ['own', 'any'], default: 'own', description: "Cleave's \"when a die defeats a creature with damage to spare\": its Warrior's dice only, or any die of the fight" },
  { name: 'sharpshooter', kind: 'enum', values: ['own', 'any'], default: 'own', description: "Sharpshooter's \"reroll and reuse a die spent on a direct attack\": its Ranger's dice only, or any adventurer's" },
  { name: 'backstabTarget', kind: 'enum', values: ['its-reveals', 'any-revealed'], default: 'its-reveals', description: "Backstab's \"then defeat one\": one of the two cards it revealed (the FAQ's unrevealed kill), or any revealed creature" },
  { name: 'firstPower', kind: 'enum', values: ['each-arrival', 'once-per-round'], default: 'each-arrival', description: 'when a First-position power fires: each time its creature comes to first position, unless printed "activates only once" (Fell Beast), or once per creature per round' },
  { name: 'exhaustUse', kind: 'enum', values: ['any', 'after-die'], default: 'any', description: 'when an ability card may be exhausted for a second use: any time (the FAQ: "a card may be exhausted without spending a die"), or only once a die was spent on it this round (the rulebook: "after spending a die on them")' },
  { name: 'towerBurn', kind: 'enum', values: ['any', 'at-zero'], default: 'any', description: 'the Forbidden Tower\'s +1 firewood "when you exhaust Ability cards to keep the firewood from reaching zero": for every card burnt for fire, or only for the exhaust the fire at 0 forces' },
  { name: 'lichReveals', kind: 'enum', values: ['blocked', 'allowed'], default: 'blocked', description: 'whether an ability may reveal cards behind a Lich ("no Ability cards can affect creature cards behind the Lich")' },
  { name: 'elfSenses', kind: 'enum', values: ['where-abilities-reach', 'any'], default: 'where-abilities-reach', description: "Elf Senses' \"stop the next Reveal power\": not that of a creature Ability cards cannot affect (behind a Lich, a flanked Phantom Cat; the stop is spent all the same), or any creature's" },
  { name: 'sacredCity', kind: 'enum', values: ['must', 'may'], default: 'must', description: "Sacred City's \"choose an Unhallowed to Seal, then shuffle the Unhallowed deck\": the camper seals one if the Graveyard holds any, and the deck is shuffled in every case; or the party may decline, and without a seal there is no shuffle" },
  { name: 'stayDeadHydra', kind: 'enum', values: ['removed', 'returns'], default: 'removed', description: "a Hydra the Rogue defeats with Stay Dead: removed from the game (it stays dead), or it returns to the back of the Line by its own Defeated power" },
];

export function readingsOf(settings: Settings): Readings {
  return {
    ongoingFaceDown: settings.ongoing === 'always',
    poisonPerRevealed: settings.poison === 'per-revealed',
    tamedRolled: settings.tamed === 'rolled',
    backstabDefeatFirst: settings.backstab !== 'reveals-first',
    lichBlocksReveals: settings.lichReveals !== 'allowed',
    berserkerAnyDefeat: settings.berserker !== 'own',
    cleaveAnyDie: settings.cleave === 'any',
    sharpshooterAnyDie: settings.sharpshooter === 'any',
    backstabOwnReveals: settings.backstabTarget !== 'any-revealed',
    firstPowerEachArrival: settings.firstPower !== 'once-per-round',
    exhaustUseAfterDie: settings.exhaustUse === 'after-die',
    towerBonusAtZeroOnly: settings.towerBurn === 'at-zero',
    elfSensesWhereAbilitiesReach: settings.elfSenses !== 'any',
    sacredCityMust: settings.sacredCity !== 'may',
    stayDeadBeatsHydra: settings.stayDeadHydra !== 'returns',
  };
}

/** The pre-production adventurers come with their content set. */
function partyProblem(settings: Settings): string | null {
  const party = String(settings.party).split(',');
  if (contentSets(settings).includes('preproduction') || !party.some((id) => (PREPRODUCTION_ADVENTURERS as readonly string[]).includes(id))) return null;
  return `setting party=${String(settings.party)}: the Knight and the Bard need the preproduction set (sets=base+preproduction or base+preproduction+extra-locations)`;
}

class SetawatchEngine implements GameEngine<SetawatchStrategy> {
  private readonly rules: SetawatchRules;

  constructor(settings: Settings, content: SetawatchContent, log: GameLog | null) {
    const problem = partyProblem(settings);
    if (problem !== null) throw new InputError(problem);
    const tables = new CardTables(content, contentSets(settings), String(settings.party).split(','));
    this.rules = new SetawatchRules(tables, { summons: Number(settings.summons), startingFire: settings.fire === 'd8' ? 0 : 7, readings: readingsOf(settings) }, log);
  }

  playGame(seed: number, strategy: SetawatchStrategy, out: OutcomeRecord): void {
    this.rules.playGame(seed, strategy, out);
  }
}

const setawatch: GameModule<SetawatchStrategy, SetawatchContent> = {
  id: 'setawatch',
  title: 'Set a Watch (base game)',
  settings: [
    { name: 'summons', kind: 'int', min: 1, max: 4, default: 2, description: 'Summon cards: 1 Easy, 2 Normal, 3 Hard, 4 Insane' },
    { name: 'fire', kind: 'enum', values: ['7', 'd8'], default: '7', description: 'starting firewood: 7, or the d8 variant' },
    { name: 'party', kind: 'subset', values: [...BASE_ADVENTURERS, ...PREPRODUCTION_ADVENTURERS], size: 4, default: DEFAULT_PARTY, description: 'four adventurers, comma-separated, in any order (knight and bard need sets with preproduction)' },
    ...READING_SETTINGS,
    { name: 'sets', kind: 'enum', values: SET_CHOICES, default: 'base', spell: spellContentSets, description: 'content sets in play (also written with commas, in any order, base unsaid: preproduction,extra-locations)' },
  ],
  content: setawatchContent,
  strategies: setawatchStrategies,
  strategyMethods: ['choose'],
  ignoresMember: 'ignores',
  settingsProblem: partyProblem,
  strategyProblem: (strategy) => ignoresProblem(strategy.ignores, 'ignores'),
  defaultStrategy: 'greedy',
  outcomes: ['won', 'lostExhausted', 'lostSummon'],
  winOutcome: 'won',
  metrics: [
    { name: 'roundOfLoss', description: 'round the game was lost in (missing when won)', min: 1, max: 9 },
    { name: 'cardsLeft', description: 'active ability cards at the end', min: 0, max: 12 },
    { name: 'hordeSize', description: 'cards in the Horde at the end', min: 0, max: 40, binWidth: 2 },
  ],
  createEngine(settings: Settings, content: SetawatchContent, log: GameLog | null) {
    return new SetawatchEngine(settings, content, log);
  },
};

export default setawatch;
