import { checkedBoolean, shownAnswer, StrategyError, strategyThrew } from '../../core/errors.ts';
import type { GameLog } from '../../core/game.ts';
import { abilityText } from './cards.ts';
import { ANSWER_KINDS, CARD_DESTINATIONS, Rest, type DecisionName, type NecreauxStrategy } from './decisions.ts';
import { Zone, type GameState } from './state.ts';

/** The highest speed a strategy may choose (the deck never holds more cards than this). */
export const MAX_SPEED = 200;
/**
 * Answers a game may take before its strategy is taken to be looping (a game takes a few hundred; the most in 15,000
 * games of each shipped strategy was under 800): say, a card whose ability gives back what it costs, used for ever.
 */
export const MAX_ANSWERS = 100_000;

/**
 * The engine's side of the strategy interface: asks the strategy, checks the answer is legal, logs it. An
 * illegal answer, or an exception thrown while the strategy answers, becomes a StrategyError naming the
 * strategy, the decision and the game seed.
 */
export class Ask {
  strategy!: NecreauxStrategy;
  seed = 0;
  /** The decision being answered; set while the strategy runs, so a throw can be attributed to it. */
  private pending: DecisionName | null = null;
  private answers = 0;

  constructor(
    private readonly state: GameState,
    private readonly log: GameLog | null,
  ) {}

  begin(strategy: NecreauxStrategy, seed: number): void {
    this.strategy = strategy;
    this.seed = seed;
    this.pending = null;
    this.answers = 0;
  }

  /** What to throw for an error caught while playing: a strategy's own throw becomes a StrategyError. */
  attribute(error: unknown): unknown {
    return this.pending === null ? error : strategyThrew(this.strategy.name, this.pending, this.seed, error);
  }

  private illegal(decision: DecisionName, detail: string): never {
    throw new StrategyError(this.strategy.name, decision, this.seed, detail);
  }

  /** Counts an answer; a game that has taken MAX_ANSWERS is not going to end. */
  private answered(decision: DecisionName): void {
    this.pending = null;
    if (++this.answers > MAX_ANSWERS) this.illegal(decision, `the game has taken ${MAX_ANSWERS} answers without ending: the answers loop (an ability that pays for itself?)`);
  }

  private int(decision: DecisionName, answer: unknown): number {
    this.answered(decision);
    if (typeof answer !== 'number' || !Number.isInteger(answer)) this.illegal(decision, `${shownAnswer(answer)} is not an integer`);
    if (this.log !== null) this.log.write(`  decision ${decision} -> ${this.answerText(decision, answer)}`);
    return answer;
  }

  /** A card answer by its name and an agent's as "agent N"; -1 (where a decision allows it) is "none". */
  private answerText(decision: DecisionName, answer: number): string {
    const kind = ANSWER_KINDS[decision];
    if (kind === 'value') return String(answer);
    if (answer === -1) return 'none';
    const valid = answer >= 0 && (kind === 'agent' || answer < this.state.cards.count);
    if (!valid) return String(answer);
    if (kind === 'agent') return `agent ${answer}`;
    const destination = CARD_DESTINATIONS[decision];
    return destination === undefined ? this.state.cards.names[answer] : `${this.state.cards.names[answer]} (${destination})`;
  }

  /** `ability`: the ability the question offers, which the log names (-1: none). */
  private bool(decision: DecisionName, answer: unknown, ability = -1): boolean {
    this.answered(decision);
    const checked = checkedBoolean(answer, this.strategy.name, decision, this.seed);
    if (this.log !== null) this.log.write(`  decision ${decision}${ability < 0 ? '' : ` (${abilityText(this.state.cards, ability)})`} -> ${checked}`);
    return checked;
  }

  private agentOrStop(decision: DecisionName, agent: number, legal: boolean): number {
    if (agent !== -1 && !legal) this.illegal(decision, `agent ${agent} cannot be chosen`);
    return agent;
  }

  private inHand(decision: DecisionName, owner: number, card: number): number {
    if (this.state.zone[card] !== Zone.hand || this.state.hands[owner].indexOf(card) < 0) {
      this.illegal(decision, `card ${card} is not in hand ${owner}`);
    }
    return card;
  }

  // --- Agent creation and set-up ---

  keepSkills(agent: number): number {
    this.pending = 'keepSkills';
    return this.inHand('keepSkills', agent, this.int('keepSkills', this.strategy.keepSkills(this.state, agent)));
  }

  poolSwap(agent: number): number {
    this.pending = 'poolSwap';
    const card = this.int('poolSwap', this.strategy.poolSwap(this.state, agent));
    if (card !== -1 && (card < 0 || card >= this.state.cards.count || this.state.zone[card] !== Zone.skillPool)) {
      this.illegal('poolSwap', `card ${card} is not in the skill pool`);
    }
    return card;
  }

  swapOut(agent: number, taken: number): number {
    this.pending = 'swapOut';
    const card = this.int('swapOut', this.strategy.swapOut(this.state, agent, taken));
    if (!this.ownsSkill(agent, card)) this.illegal('swapOut', `card ${card} is not a skill of agent ${agent}`);
    return card;
  }

  draftPick(agent: number): number {
    this.pending = 'draftPick';
    return this.inHand('draftPick', agent, this.int('draftPick', this.strategy.draftPick(this.state, agent)));
  }

  soloBonusKeep(first: number, second: number): number {
    this.pending = 'soloBonusKeep';
    const card = this.int('soloBonusKeep', this.strategy.soloBonusKeep(this.state, first, second));
    if (card !== first && card !== second) this.illegal('soloBonusKeep', `card ${card} is neither ${first} nor ${second}`);
    return card;
  }

  returnCard(player: number): number {
    this.pending = 'returnCard';
    return this.inHand('returnCard', player, this.int('returnCard', this.strategy.returnCard(this.state, player)));
  }

  // --- Each turn ---

  spendXp(): number {
    this.pending = 'spendXp';
    const agent = this.int('spendXp', this.strategy.spendXp(this.state, this.state.xp));
    const legal = this.state.isActing(agent) && this.state.xpCost(agent) <= this.state.xp;
    return this.agentOrStop('spendXp', agent, legal);
  }

  chooseSpeed(): number {
    this.pending = 'chooseSpeed';
    const speed = this.int('chooseSpeed', this.strategy.chooseSpeed(this.state));
    if (speed < 0 || speed > MAX_SPEED) this.illegal('chooseSpeed', `speed ${speed} is outside 0..${MAX_SPEED}`);
    return speed;
  }

  useAbility(ability: number): boolean {
    this.pending = 'useAbility';
    return this.bool('useAbility', this.strategy.useAbility(this.state, ability), ability);
  }

  chargeTarget(source: number): number {
    this.pending = 'chargeTarget';
    const card = this.int('chargeTarget', this.strategy.chargeTarget(this.state, source));
    if (!this.state.canCharge(card, source)) this.illegal('chargeTarget', `card ${card} cannot gain a charge`);
    return card;
  }

  enableTarget(): number {
    this.pending = 'enableTarget';
    const card = this.int('enableTarget', this.strategy.enableTarget(this.state));
    if (card !== -1 && !this.state.canEnable(card)) this.illegal('enableTarget', `card ${card} cannot be enabled`);
    return card;
  }

  skillRecipient(): number {
    this.pending = 'skillRecipient';
    const agent = this.int('skillRecipient', this.strategy.skillRecipient(this.state));
    if (!this.state.isActing(agent)) this.illegal('skillRecipient', `agent ${agent} is not on the team`);
    return agent;
  }

  peekToBottom(card: number): boolean {
    this.pending = 'peekToBottom';
    return this.bool('peekToBottom', this.strategy.peekToBottom(this.state, card));
  }

  chooseHolder(card: number): number {
    this.pending = 'chooseHolder';
    const agent = this.int('chooseHolder', this.strategy.chooseHolder(this.state, card));
    if (!this.state.canHold(agent)) this.illegal('chooseHolder', `agent ${agent} cannot hold card ${card}`);
    return agent;
  }

  // --- Combat ---

  fight(): boolean {
    this.pending = 'fight';
    return this.bool('fight', this.strategy.fight(this.state));
  }

  lootPick(left: number): number {
    this.pending = 'lootPick';
    const card = this.int('lootPick', this.strategy.lootPick(this.state, left));
    if (card !== -1 && (card < 0 || card >= this.state.cards.count || this.state.zone[card] !== Zone.loot)) {
      this.illegal('lootPick', `card ${card} is not in Monster Loot`);
    }
    return card;
  }

  parasiteHost(parasite: number): number {
    this.pending = 'parasiteHost';
    const card = this.int('parasiteHost', this.strategy.parasiteHost(this.state, parasite));
    if (!this.isTeamSkill(card)) this.illegal('parasiteHost', `card ${card} is not a skill card on the team`);
    return card;
  }

  // --- Damage ---

  damageAgent(): number {
    this.pending = 'damageAgent';
    const agent = this.int('damageAgent', this.strategy.damageAgent(this.state));
    if (!this.state.canDamageAgent(agent)) this.illegal('damageAgent', `agent ${agent} cannot take this damage`);
    return agent;
  }

  damageCard(agent: number): number {
    this.pending = 'damageCard';
    const card = this.int('damageCard', this.strategy.damageCard(this.state, agent));
    if (!this.state.canDamageCard(agent, card)) this.illegal('damageCard', `card ${card} of agent ${agent} cannot take this damage`);
    return card;
  }

  // --- Tests ---

  speedTestRoller(): number {
    this.pending = 'speedTestRoller';
    const agent = this.int('speedTestRoller', this.strategy.speedTestRoller(this.state));
    if (!this.state.isActing(agent)) this.illegal('speedTestRoller', `agent ${agent} is not on the team`);
    return agent;
  }

  traitTestAgent(trait: number): number {
    this.pending = 'traitTestAgent';
    const agent = this.int('traitTestAgent', this.strategy.traitTestAgent(this.state, trait));
    if (!this.state.isActing(agent)) this.illegal('traitTestAgent', `agent ${agent} is not on the team`);
    return agent;
  }

  traitDamageDie(first: number, second: number): number {
    this.pending = 'traitDamageDie';
    const die = this.int('traitDamageDie', this.strategy.traitDamageDie(this.state, first, second));
    if (die !== first && die !== second) this.illegal('traitDamageDie', `${die} is neither die rolled (${first}, ${second})`);
    return die;
  }

  claimTraitReward(agent: number): boolean {
    this.pending = 'claimTraitReward';
    return this.bool('claimTraitReward', this.strategy.claimTraitReward(this.state, agent));
  }

  // --- Rest ---

  restAction(agent: number): number {
    this.pending = 'restAction';
    const action = this.int('restAction', this.strategy.restAction(this.state, agent));
    if (action !== Rest.enable && action !== Rest.charge && action !== Rest.decline) this.illegal('restAction', `unknown action ${action}`);
    if (action === Rest.enable && this.state.disabledSkills(agent) === 0) this.illegal('restAction', `agent ${agent} has no disabled card`);
    return action;
  }

  restTarget(agent: number, action: number): number {
    this.pending = 'restTarget';
    const card = this.int('restTarget', this.strategy.restTarget(this.state, agent, action));
    const legal = action === Rest.enable ? this.state.canEnable(card) : this.state.canCharge(card, -1);
    if (!legal || this.state.holder[card] !== agent) this.illegal('restTarget', `card ${card} of agent ${agent} cannot be chosen`);
    return card;
  }

  transferItem(): number {
    this.pending = 'transferItem';
    const card = this.int('transferItem', this.strategy.transferItem(this.state));
    if (card !== -1 && !this.state.canTransfer(card)) this.illegal('transferItem', `card ${card} is not an item on the team`);
    return card;
  }

  resolveRestDraw(card: number): boolean {
    this.pending = 'resolveRestDraw';
    return this.bool('resolveRestDraw', this.strategy.resolveRestDraw(this.state, card));
  }

  // --- Escape and the Sliding Wall ---

  escape(): boolean {
    this.pending = 'escape';
    return this.bool('escape', this.strategy.escape(this.state));
  }

  splitTeam(): number {
    this.pending = 'splitTeam';
    const mask = this.int('splitTeam', this.strategy.splitTeam(this.state));
    let acting = 0;
    for (let a = 0; a < this.state.agents; a++) if (this.state.isActing(a)) acting |= 1 << a;
    if (mask === 0 || mask === acting || (mask & ~acting) !== 0) {
      this.illegal('splitTeam', `lost team ${mask} is not a non-empty proper subset of the team ${acting}`);
    }
    return mask;
  }

  regroup(): boolean {
    this.pending = 'regroup';
    return this.bool('regroup', this.strategy.regroup(this.state));
  }

  // --- Helpers ---

  private ownsSkill(agent: number, card: number): boolean {
    return card >= 0 && card < this.state.cards.count && this.state.zone[card] === Zone.skill && this.state.holder[card] === agent;
  }

  private isTeamSkill(card: number): boolean {
    return card >= 0 && card < this.state.cards.count && this.state.zone[card] === Zone.skill && this.state.isActing(this.state.holder[card]);
  }
}
