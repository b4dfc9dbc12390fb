import type { GameEngine, GameLog, GameModule, OutcomeRecord, Settings } from '../../core/game.ts';
import { doomedrunStrategies } from '../../../strategies/doomedrun/index.ts';
import { READING_SETTINGS, readingsOf } from '../setawatch/index.ts';
import { DoomedRun, LOSS_RESTS, REALM_END_QUESTS, REINFORCEMENTS, RESET_HORDES, RESET_QUEST_COSTS, type RunSettings, type Variant } from './campaign.ts';
import { type DoomedrunContent, doomedrunContent } from './content.ts';
import type { DoomedrunStrategy } from './decisions.ts';
import { ignoresProblem } from '../setawatch/decisions.ts';
import { OUTCOMES, TIER_OUTCOMES } from './scoring.ts';
import { REALMS } from './state.ts';

/** Set a Watch: Doomed Run, the campaign, as a platform game module: one simulated game is one whole Run. */

class DoomedrunEngine implements GameEngine<DoomedrunStrategy> {
  private readonly run: DoomedRun;

  constructor(settings: Settings, content: DoomedrunContent, log: GameLog | null) {
    this.run = new DoomedRun(content, runSettingsOf(settings), log);
  }

  playGame(seed: number, strategy: DoomedrunStrategy, out: OutcomeRecord): void {
    this.run.playGame(seed, strategy, out);
  }
}

/** The Run's settings from the resolved game settings. */
export function runSettingsOf(settings: Settings): RunSettings {
  return {
    summons: Number(settings.summons),
    variant: String(settings.variant) as Variant,
    reinforcements: settings.reinforcements === 'random' ? 'random' : 'chosen',
    realmEndQuest: settings.realmEndQuest === 'unrewarded' ? 'unrewarded' : 'reward',
    lossRests: settings.lossRests === 'return' ? 'return' : 'keep',
    resetQuestCost: settings.resetQuestCost === 'before' ? 'before' : 'after',
    resetHorde: settings.resetHorde === 'pick' ? 'pick' : 'shuffle',
    readings: readingsOf(settings),
    detail: settings.detail === true,
  };
}

/** One metric per Realm, `name` followed by the Realm's number (deathsInRealm1 ... deathsInRealm7). */
function perRealm(name: string, description: (realm: number) => string, max: number) {
  return Array.from({ length: REALMS }, (_, index) => ({ name: `${name}${index + 1}`, description: description(index + 1), min: 0, max }));
}

const doomedrun: GameModule<DoomedrunStrategy, DoomedrunContent> = {
  id: 'doomedrun',
  title: 'Set a Watch: Doomed Run (a whole Run of 7 Realms)',
  settings: [
    { name: 'summons', kind: 'int', min: 1, max: 4, default: 2, description: 'starting Summon cards: 1 Easy, 2 Normal, 3 Hard, 4 Insane' },
    { name: 'variant', kind: 'enum', values: ['first', 'new-run-plus', 'random', 'curated'], default: 'first', description: 'Run variant: first Run (envelopes Realm by Realm), New Run+, Random Run, Curated Run' },
    { name: 'reinforcements', kind: 'enum', values: [...REINFORCEMENTS], default: 'chosen', description: 'replacements for the dead: chosen by the strategy, or random from the Company' },
    { name: 'realmEndQuest', kind: 'enum', values: [...REALM_END_QUESTS], default: 'reward', description: "the Side Quest of a Realm's last expedition: its reward gained at the Realm's end as at a Game Break, or unrewarded and back in the Side Quest deck (the rulebook's Ending a Realm steps do not mention it)" },
    { name: 'lossRests', kind: 'enum', values: [...LOSS_RESTS], default: 'keep', description: 'rest tokens when a lost expedition is reset: kept (the reset steps do not list them) or returned' },
    {
      name: 'resetQuestCost',
      kind: 'enum',
      values: [...RESET_QUEST_COSTS],
      default: 'after',
      description: "a reset's new Side Quest: its cost paid after the fire is set to 7, as at a Realm's set-up; or first, in the reset's order, so the fire of 7 undoes a fire cost",
    },
    {
      name: 'resetHorde',
      kind: 'enum',
      values: [...RESET_HORDES],
      default: 'shuffle',
      description: "a reset's Horde card from the Unhallowed deck: drawn as from a face-up deck, shuffled face down (the rest shuffled too); or picked at random, the rest keeping the order the reset's 'bottom' gave them",
    },
    ...READING_SETTINGS,
    { name: 'detail', kind: 'bool', default: false, replayOnly: true, description: 'replay: narrate every round (the Set a Watch log), not only expeditions' },
  ],
  content: doomedrunContent,
  strategies: doomedrunStrategies,
  strategyMethods: ['campaign', 'watch.choose'],
  ignoresMember: 'watch.ignores',
  strategyProblem: (strategy) => ignoresProblem(strategy.watch.ignores, 'watch.ignores'),
  defaultStrategy: 'greedy',
  outcomes: OUTCOMES,
  winOutcome: 'runWon',
  winningOutcomes: TIER_OUTCOMES,
  metrics: [
    { name: 'score', description: 'End Run score (missing when the Run is lost)', min: 0, max: 160, binWidth: 10 },
    { name: 'realmReached', description: 'the last Realm entered', min: 1, max: 7 },
    { name: 'expeditionsPlayed', description: 'expeditions played, replays included', min: 0, max: 60, binWidth: 3 },
    { name: 'expeditionsCleared', description: 'expeditions beaten (21 = the whole Run): the survival curve', min: 0, max: 21 },
    { name: 'deaths', description: 'Adventurers who died', min: 0, max: 25 },
    { name: 'resets', description: 'expeditions lost and reset', min: 0, max: 40 },
    { name: 'company', description: 'living Adventurers at the end (Company, Party and Wardens)', min: 0, max: 25 },
    { name: 'wardens', description: 'living Wardens at the end', min: 0, max: 7 },
    { name: 'doomMax', description: 'the highest Doom reached', min: 0, max: 12 },
    { name: 'summonsAtEnd', description: 'Summon cards at the end (Escalation adds them)', min: 1, max: 4 },
    { name: 'mythicUnlocked', description: 'Mythic Items unlocked', min: 0, max: 25 },
    { name: 'estimatedCardsMetPct', description: 'share (%) of estimated cards among the distinct cards met in the Run', min: 0, max: 100, binWidth: 5 },
    { name: 'lostInRealm', description: 'the Realm where a lost Run ended (missing when won)', min: 1, max: 7 },
    { name: 'newRunPlusUnlocked', description: 'New Run+: 1 when its previous Run (played first, from the same seed) was completed with 4+ living Adventurers, else 0: the outcome is newRunPlusLocked and every other metric missing; missing in other variants', min: 0, max: 1 },
    ...perRealm('deathsInRealm', (realm) => `Adventurers who died in Realm ${realm} (missing when the Run never entered it)`, 25),
    ...perRealm('resetsInRealm', (realm) => `expeditions lost and reset in Realm ${realm} (missing when the Run never entered it)`, 40),
    ...perRealm('livingAfterRealm', (realm) => `living Adventurers (Company, Party and Wardens) when Realm ${realm} ended, or the Run in it (missing when the Run never entered it)`, 25),
  ],
  createEngine(settings: Settings, content: DoomedrunContent, log: GameLog | null) {
    return new DoomedrunEngine(settings, content, log);
  },
};

export default doomedrun;
