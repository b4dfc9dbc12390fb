import { StrategyError } from '../../core/errors.ts';
import type { GameLog, OutcomeRecord } from '../../core/game.ts';
import { GameRandom, type RandomStream } from '../../core/rng.ts';
import { type CitiesStrategy, Decision, DECISION_NAMES, type DecisionKind, type DecisionView, OptionKind, OptionList, Reroll, Upgrade, UPGRADE_NAMES, Use } from './decisions.ts';
import { CitiesState, type Side, Status, Where } from './state.ts';
import { CHARACTER_WEAPONS, CHARACTERS, type DiceTables, F, IS_KEEPABLE, Mark, OPPONENT_KEEPS_FACE, RoleCode } from './tables.ts';

/**
 * Dicemaster: Cities of Doom, solo mode, steps 1 to 8, as written in the rulebook (`RULES.md` says how each unclear
 * rule is read). Every roll is an explicit chance event drawn from a named stream (or, in tests, from a script of
 * face names); every player choice goes through `ask`; the Opponent follows the rulebook's order of preference.
 */

export interface Readings {
  /** Runes to win (6, or 4 for the short game). */
  readonly runes: number;
  /** Damage you may take; one more loses (7, or 12 for the easier game). */
  readonly damageLimit: number;
  /** 0 dwarf, 1 elf, 2 human, -1 roll the character die. */
  readonly character: number;
  readonly wod: boolean;
  /** Index of the sideboard in the content. */
  readonly sideboard: number;
  /** Glowing rerolls when preparing the character only (false), or on every preparation roll (true). */
  readonly glowingEveryRoll: boolean;
  /** Duplicate adventure dice: every die of a repeated landscape becomes a doomland (true), or only the extra copies. */
  readonly allDuplicatesDoom: boolean;
  /** Combat rolls per fight (the first roll and the rerolls); 0 = until you win or no die can be rerolled. */
  readonly combatRolls: number;
  /** Damage for a lost fight; 0 = the power minus your last attack (at least 1). */
  readonly defeatDamage: number;
}

export const DEFAULT_READINGS: Readings = {
  runes: 6,
  damageLimit: 7,
  character: -1,
  wod: false,
  sideboard: 0,
  glowingEveryRoll: false,
  allDuplicatesDoom: true,
  combatRolls: 0,
  defeatDamage: 0,
};

const STREAMS = ['route', 'player', 'combat', 'opponent', 'strategy'] as const;
const PREPARATION_DICE = 7;
const OPPONENT_DICE = 7;
const ADVENTURE_DICE = 4;
const COMBAT_DICE = 5;
const EAGLE_DICE = 3;
const UPGRADE_ROLLS = 5;
const MAX_STEPS = 40;
const MAX_COMBAT = 12;
/** The Opponent's Step 3 preferences: [encounter face, needs a Portcullis]. */
const PREFERENCES: readonly (readonly [number, boolean])[] = [
  [F.greatTroll, true],
  [F.massedCreatures, true],
  [F.doubleEncounter, true],
  [F.twinMonsters, false],
  [F.snakeAttack, false],
  [F.necromancer, false],
  [F.portcullis, false],
];
/** Combat die states. */
const C = { idle: 0, roll: 1, shown: 2, gone: 3, cancelled: 4 } as const;

export class CitiesRules {
  readonly state = new CitiesState();
  readonly options = new OptionList();
  readonly view: DecisionView;
  readonly random = new GameRandom(STREAMS);
  seed = 0;
  strategy: CitiesStrategy | null = null;
  /** Test seam: face names (or "name value") consumed by the next rolls before any random roll. */
  script: string[] = [];
  private scriptAt = 0;

  // Combat scratch: the dice of the fight (type, player die index or -1 for a normal combat die, face, state).
  private readonly combatType = new Int16Array(MAX_COMBAT);
  private readonly combatDie = new Int16Array(MAX_COMBAT);
  private readonly combatFace = new Int8Array(MAX_COMBAT);
  private readonly combatState = new Uint8Array(MAX_COMBAT);
  private combatCount = 0;
  private readonly scratch = new Int16Array(128);
  // Encounter numbers (per Step 3, they last for both encounters).
  private magicValue = 1;
  private primaryBonus = 0;
  private secondaryBonus = 0;
  private monsterDice = 0;
  private secondPower = 0;
  private noRetreat = false;
  private atDoomland = false;
  private encounterRolled = 0;
  private improvisedSeen = 0;
  private lastAttack = 0;

  private readonly typeCombat: number;
  private readonly typeRune: number;
  private readonly typeMagic: number;
  private readonly typeMonster: number;
  private readonly typeLandscape: number;
  private readonly typeDestination: number;
  private readonly typeEagle: number;
  private readonly typeCharacter: number;
  private readonly typeHealingWod: number;
  private readonly typeGeneration: number;
  private readonly typeSpecial: number;
  private readonly typeMonsterCombat: number;
  private readonly typeExpert: number;
  private readonly reserveTypes: Int16Array;
  private readonly sideboardTypes: Int16Array;
  private readonly opponentTypes: Int16Array;
  private readonly easierTypes: Int16Array;

  constructor(
    readonly tables: DiceTables,
    readonly readings: Readings,
    private readonly log: GameLog | null,
  ) {
    const t = tables;
    const common = (role: keyof typeof RoleCode) => t.common[RoleCode[role]];
    this.typeCombat = common('combat');
    this.typeRune = common('rune');
    this.typeMagic = common('magic');
    this.typeMonster = common('monster');
    this.typeLandscape = common('landscape');
    this.typeDestination = common('destination');
    this.typeEagle = common('eagle');
    this.typeCharacter = common('character');
    this.typeHealingWod = common('healingWod');
    this.typeGeneration = common('encounterGeneration');
    this.typeSpecial = common('specialEncounter');
    this.typeMonsterCombat = common('monsterCombat');
    this.typeExpert = common('expertCombat');
    const expand = (dice: Readonly<Record<string, number>>) => {
      const out: number[] = [];
      for (const [id, n] of Object.entries(dice)) for (let i = 0; i < n; i++) out.push(t.typeOf(id));
      return Int16Array.from(out);
    };
    this.reserveTypes = expand(t.content.reserve);
    this.sideboardTypes = expand(t.content.sideboards[readings.sideboard].dice);
    this.opponentTypes = expand(t.content.opponent.dice);
    this.easierTypes = Int16Array.from(t.content.opponent.easier.map((id) => t.typeOf(id)));
    this.view = { state: this.state, options: this.options, tables, random: this.random.streams.strategy, die: -1, face: -1, power: 0, attack: 0, rollsLeft: 0 };
  }

  // ---- Playing a game ------------------------------------------------------------------------------------------

  /** Play one game. Test seam: `arrange` runs after set-up; the game may stop after `lastTurn` turns. */
  playGame(seed: number, strategy: CitiesStrategy, out: OutcomeRecord, arrange?: (rules: CitiesRules) => void, lastTurn = 99): void {
    this.random.reseed(seed);
    this.seed = seed;
    this.strategy = strategy;
    this.scriptAt = 0;
    this.setUp();
    if (arrange !== undefined) arrange(this);
    const s = this.state;
    while (s.status === Status.playing && s.turn < lastTurn) this.playTurn();
    this.record(out);
  }

  private record(out: OutcomeRecord): void {
    const s = this.state;
    out.outcome = s.status === Status.won ? 0 : s.status === Status.opponentRunes ? 1 : s.status === Status.damage ? 2 : 1;
    out.metrics[0] = s.turn;
    out.metrics[1] = s.runes;
    out.metrics[2] = s.damageTaken;
    out.metrics[3] = s.opponentRunes;
    out.metrics[4] = s.fightsWon;
    out.metrics[5] = s.routesCompleted;
    out.metrics[6] = s.upgradesMade;
    if (this.log !== null) {
      const end = ['still playing', 'you win', 'the Opponent collected his runes first', 'you went past the damage limit'][s.status];
      this.log.write(`end after turn ${s.turn}: ${end}; your runes ${s.runes}, Opponent's runes ${s.opponentRunes}, damage ${s.damage} (taken ${s.damageTaken})`);
    }
  }

  // ---- Dice ----------------------------------------------------------------------------------------------------

  /** Roll a die of `type`: the next scripted face when a script is running, else the stream. Returns the face index. */
  roll(type: number, stream: RandomStream): number {
    if (this.scriptAt < this.script.length) return this.scripted(type, this.script[this.scriptAt++]);
    return stream.int(this.tables.sides[type]);
  }

  private scripted(type: number, name: string): number {
    const t = this.tables;
    for (let i = 0; i < t.sides[type]; i++) if (t.faceNames[t.faceAt(type, i)] === name || t.describe(type, i) === name) return i;
    throw new Error(`scripted face "${name}" is not on die ${t.typeIds[type]} (faces ${Array.from({ length: t.sides[type] }, (_, i) => t.describe(type, i)).join(', ')})`);
  }

  /** The face code a die of a side shows, or F.blank when that result may no longer be used (three out of play). */
  faceOf(side: Side, die: number): number {
    const code = side.face[die] < 0 ? F.blank : side.changed[die] >= 0 ? side.changed[die] : this.tables.faceAt(side.type[die], side.face[die]);
    return side.outOfPlayFaces[code] >= 3 ? F.blank : code;
  }

  private markOf(side: Side, die: number): number {
    return side.face[die] < 0 ? Mark.none : this.tables.markAt(side.type[die], side.face[die]);
  }

  /** Results of `face` in a side's play area. */
  countFace(side: Side, where: number, face: number): number {
    let n = 0;
    for (let i = 0; i < side.count; i++) if (side.where[i] === where && this.faceOf(side, i) === face) n++;
    return n;
  }

  private findFace(side: Side, where: number, face: number, noBullet = false): number {
    for (let i = 0; i < side.count; i++) {
      if (side.where[i] === where && this.faceOf(side, i) === face && (!noBullet || this.markOf(side, i) !== Mark.bullet)) return i;
    }
    return -1;
  }

  /** A used die goes back to the reserve, or to the sideboard (circle) or out of play (X). */
  private spend(side: Side, die: number): void {
    const mark = this.markOf(side, die);
    if (mark === Mark.x) {
      side.outOfPlayFaces[this.faceOf(side, die)]++;
      side.where[die] = Where.outOfPlay;
    } else side.where[die] = mark === Mark.circle ? Where.sideboard : Where.reserve;
    side.changed[die] = -1;
  }

  private name(side: Side, die: number): string {
    const t = this.tables;
    return `${t.faceNames[this.faceOf(side, die)]} (${t.typeNames[side.type[die]]})`;
  }

  // ---- Decisions -----------------------------------------------------------------------------------------------

  /** Ask the strategy to pick one of the listed options; a single option is taken without asking. */
  private ask(decision: DecisionKind): number {
    const count = this.options.count;
    if (count <= 1) return count - 1;
    const strategy = this.strategy as CitiesStrategy;
    let answer: number;
    try {
      answer = strategy.choose(decision, this.view);
    } catch (error) {
      throw new StrategyError(strategy.name, DECISION_NAMES[decision], this.seed, `threw ${(error as Error).message}`);
    }
    if (!Number.isInteger(answer) || answer < 0 || answer >= count) {
      throw new StrategyError(strategy.name, DECISION_NAMES[decision], this.seed, `answered ${String(answer)}; expected an option index from 0 to ${count - 1}`);
    }
    return answer;
  }

  // ---- Set-up --------------------------------------------------------------------------------------------------

  private setUp(): void {
    const s = this.state;
    const t = this.tables;
    s.reset();
    s.runesToWin = this.readings.runes;
    s.damageLimit = this.readings.damageLimit;
    const route = this.random.streams.route;
    s.startType = this.typeDestination;
    s.startFace = this.roll(this.typeDestination, route);
    this.newRoute();
    s.character = this.readings.character >= 0 ? this.readings.character : CHARACTERS.indexOf(t.faceNames[t.faceAt(this.typeCharacter, this.roll(this.typeCharacter, route))] as 'dwarf');
    s.primary = CHARACTER_WEAPONS[s.character][0];
    s.secondary = CHARACTER_WEAPONS[s.character][1];
    for (let i = 0; i < this.reserveTypes.length; i++) s.player.add(this.reserveTypes[i], Where.reserve);
    for (let i = 0; i < this.sideboardTypes.length; i++) s.player.add(this.sideboardTypes[i], Where.sideboard);
    for (let i = 0; i < this.opponentTypes.length; i++) s.opponent.add(this.opponentTypes[i], Where.reserve);
    if (this.log !== null) {
      const r = this.readings;
      this.log.write(
        `set-up: ${r.runes} runes to win, damage limit ${r.damageLimit}, ${r.wod ? 'Wilds of Doom rules' : 'no Wilds of Doom'}, sideboard "${t.content.sideboards[r.sideboard].name}"; ` +
          `character ${CHARACTERS[s.character]} (primary ${t.faceNames[s.primary]}, secondary ${t.faceNames[s.secondary]}), untrained, weapons not upgraded`,
      );
      this.log.write(`preparing your character (glowing dice allow rerolls):`);
    }
    this.preparePlayer(true);
    this.prepareOpponent();
  }

  /** Roll the adventure dice (duplicates become doomlands at the end) and the next destination die. */
  newRoute(): void {
    const s = this.state;
    const t = this.tables;
    const route = this.random.streams.route;
    const rolled = this.scratch;
    for (let i = 0; i < ADVENTURE_DICE; i++) rolled[i] = this.roll(this.typeLandscape, route);
    let normal = 0;
    let doom = 0;
    for (let i = 0; i < ADVENTURE_DICE; i++) {
      let same = 0;
      let earlier = 0;
      for (let j = 0; j < ADVENTURE_DICE; j++) {
        if (j !== i && t.faceAt(this.typeLandscape, rolled[j]) === t.faceAt(this.typeLandscape, rolled[i])) {
          same++;
          if (j < i) earlier++;
        }
      }
      const isDoom = same > 0 && (this.readings.allDuplicatesDoom || earlier > 0);
      rolled[8 + i] = isDoom ? 1 : 0;
      if (isDoom) doom++;
      else normal++;
    }
    let n = 0;
    for (let pass = 0; pass < 2; pass++) {
      for (let i = 0; i < ADVENTURE_DICE; i++) {
        if (rolled[8 + i] === pass) {
          s.routeFace[n] = rolled[i];
          s.routeDoom[n] = pass;
          n++;
        }
      }
    }
    s.routeLength = n;
    s.destinationFace = this.roll(this.typeDestination, route);
    s.position = -1;
    if (this.log !== null) {
      const parts: string[] = [];
      for (let i = 0; i < s.routeLength; i++) parts.push(`${t.describe(this.typeLandscape, s.routeFace[i])}${s.routeDoom[i] ? ' (doomland)' : ''}`);
      this.log.write(
        `route: ${t.describe(this.typeDestination, s.startFace)} -> ${parts.join(' -> ')} -> ${t.describe(this.typeDestination, s.destinationFace)} (${normal} landscapes, ${doom} doomlands)`,
      );
    }
  }

  // ---- Preparation (set-up, Steps 1 and 7) ---------------------------------------------------------------------

  /** Step 1 (and the set-up): roll up to 7 action dice from the reserve, glowing rerolls, then assign each result. */
  preparePlayer(setup: boolean): void {
    const p = this.state.player;
    const t = this.tables;
    const stream = this.random.streams.player;
    // Up to 7 action dice, those brought in from the sideboard first, the rest at random.
    let candidates = 0;
    for (let pass = 1; pass >= 0; pass--) {
      const first = candidates;
      for (let i = 0; i < p.count; i++) if (p.where[i] === Where.reserve && t.role[p.type[i]] === RoleCode.action && p.fromSideboard[i] === pass) this.scratch[candidates++] = i;
      stream.shuffle(this.scratch, first, candidates);
    }
    const rolled = Math.min(PREPARATION_DICE, candidates);
    for (let k = 0; k < rolled; k++) p.where[this.scratch[k]] = Where.rolling;
    for (let i = 0; i < p.count; i++) {
      if (p.where[i] !== Where.rolling) continue;
      p.face[i] = this.roll(p.type[i], stream);
      p.changed[i] = -1;
    }
    if (this.log !== null) this.log.write(`  you roll ${rolled} action dice: ${this.listAt(p, Where.rolling)}`);
    if (setup || this.readings.glowingEveryRoll) {
      for (let guard = 0; guard < 50; guard++) {
        const glowing = this.findFace(p, Where.rolling, F.glowing);
        if (glowing < 0 || p.countAt(Where.rolling) < 2) break;
        this.options.clear();
        this.options.add(OptionKind.reroll, 0);
        this.options.add(OptionKind.done, 0);
        this.view.die = glowing;
        this.view.face = F.glowing;
        if (this.options.kind[this.ask(Decision.glowing)] !== OptionKind.reroll) break;
        p.where[glowing] = Where.reserve;
        for (let i = 0; i < p.count; i++) if (p.where[i] === Where.rolling) p.face[i] = this.roll(p.type[i], stream);
        if (this.log !== null) this.log.write(`  glowing die to the reserve; you reroll the others: ${this.listAt(p, Where.rolling)}`);
      }
    }
    this.assignRolled();
  }

  /** Assign every result in the rolling area (Steps 1 and 7). */
  assignRolled(): void {
    const p = this.state.player;
    for (let die = 0; die < p.count; die++) if (p.where[die] === Where.rolling) this.assign(die);
  }

  private assign(die: number): void {
    const s = this.state;
    const p = s.player;
    const face = this.faceOf(p, die);
    const o = this.options;
    o.clear();
    const keepable = IS_KEEPABLE[face] === 1 && this.markOf(p, die) !== Mark.star && this.countFace(p, Where.play, face) < 3;
    if (keepable) o.add(OptionKind.choose, Use.keep);
    o.add(OptionKind.choose, Use.active);
    if ((face === F.magic || face === F.provisions) && s.damage > 0) o.add(OptionKind.choose, Use.heal);
    if (face === F.magic && this.countFace(p, Where.play, F.provisions) < 3) o.add(OptionKind.choose, Use.toProvisions);
    if (face === F.weaponry || face === F.magic) {
      const mode = face === F.magic ? 1 : 0;
      if (!s.characterUpgraded) o.add(OptionKind.choose, Use.upgrade, Upgrade.character, mode);
      if (!s.primaryUpgraded) o.add(OptionKind.choose, Use.upgrade, Upgrade.primary, mode);
      if (!s.secondaryUpgraded) o.add(OptionKind.choose, Use.upgrade, Upgrade.secondary, mode);
    }
    if (face === F.ring && this.sideboardHas(RoleCode.action, -1)) o.add(OptionKind.choose, Use.ring);
    if (face === F.whiteTree && this.sideboardHas(RoleCode.improvised, -1)) o.add(OptionKind.choose, Use.whiteTree);
    this.view.die = die;
    this.view.face = face;
    const pick = this.ask(Decision.assign);
    const use = o.aux[pick];
    const target = o.target[pick];
    const changed = o.mode[pick] === 1;
    const label = this.log !== null ? this.name(p, die) : '';
    switch (use) {
      case Use.keep:
        p.where[die] = Where.play;
        if (this.log !== null) this.log.write(`  keep ${label} in your play area`);
        break;
      case Use.active:
        p.where[die] = Where.active;
        if (this.log !== null) this.log.write(`  ${label} to your active area`);
        break;
      case Use.heal:
        this.spend(p, die);
        this.heal(face);
        break;
      case Use.toProvisions:
        p.changed[die] = F.provisions;
        p.where[die] = Where.play;
        if (this.log !== null) this.log.write(`  change ${label} to Provisions, kept in your play area`);
        break;
      case Use.upgrade:
        this.spend(p, die);
        if (this.log !== null) this.log.write(`  ${changed ? 'change ' : ''}${label}${changed ? ' to Weaponry' : ''}: try to upgrade your ${UPGRADE_NAMES[target]}`);
        this.tryUpgrade(target);
        break;
      case Use.ring:
        this.spend(p, die);
        if (this.log !== null) this.log.write(`  return ${label} to bring in action dice from the sideboard`);
        this.bringIn(RoleCode.action, 3);
        break;
      case Use.whiteTree:
        this.spend(p, die);
        if (this.whiteTreeBlocked()) break;
        if (this.log !== null) this.log.write(`  return ${label} to bring in improvised weapon dice`);
        this.bringIn(RoleCode.improvised, 2);
        break;
      default:
        this.spend(p, die);
        if (this.log !== null) this.log.write(`  return ${label} to the reserve`);
    }
  }

  /** The Opponent blocks any use of a White Tree result with a White Tree of his own. */
  private whiteTreeBlocked(): boolean {
    const o = this.state.opponent;
    const tree = this.findFace(o, Where.play, F.whiteTree);
    if (tree < 0) return false;
    this.spend(o, tree);
    if (this.log !== null) this.log.write(`  the Opponent returns a White Tree to block your White Tree`);
    return true;
  }

  private sideboardHas(role: number, ink: number): boolean {
    const p = this.state.player;
    const t = this.tables;
    for (let i = 0; i < p.count; i++) if (p.where[i] === Where.sideboard && t.role[p.type[i]] === role && (ink < 0 || t.ink[p.type[i]] === ink)) return true;
    return false;
  }

  /** Ring (3 action dice, 4 when all share ink and base) or White Tree (2 improvised dice): sideboard to reserve. */
  bringIn(role: number, limit: number): void {
    const p = this.state.player;
    const t = this.tables;
    let ink = -2;
    let sameInk = true;
    for (let taken = 0; taken < limit + 1; taken++) {
      if (taken === limit && !(role === RoleCode.action && sameInk)) break;
      const o = this.options;
      o.clear();
      o.add(OptionKind.done, -1);
      for (let i = 0; i < p.count; i++) {
        const type = p.type[i];
        if (p.where[i] !== Where.sideboard || t.role[type] !== role || o.find(OptionKind.choose, type) >= 0) continue;
        if (taken === limit && t.ink[type] !== ink) continue;
        o.add(OptionKind.choose, type);
      }
      if (o.count === 1) break;
      this.view.die = -1;
      this.view.face = -1;
      const pick = this.ask(Decision.bringIn);
      if (o.kind[pick] === OptionKind.done) break;
      const type = o.aux[pick];
      for (let i = 0; i < p.count; i++) {
        if (p.where[i] === Where.sideboard && p.type[i] === type) {
          p.where[i] = Where.reserve;
          p.fromSideboard[i] = 1;
          break;
        }
      }
      if (ink === -2) ink = t.ink[type];
      else if (t.ink[type] !== ink) sameInk = false;
      if (this.log !== null) this.log.write(`    bring in ${t.typeNames[type]}`);
    }
  }

  heal(face: number): void {
    const s = this.state;
    const p = s.player;
    const t = this.tables;
    let amount = 1;
    let how = '';
    if (this.readings.wod && face === F.magic) {
      const f = this.roll(this.typeHealingWod, this.random.streams.player);
      amount = t.valueAt(this.typeHealingWod, f);
      if (this.log !== null) how = `Healing die ${amount}`;
    }
    for (let i = 0; i < p.count; i++) {
      if (p.where[i] === Where.reserve && t.role[p.type[i]] === RoleCode.healing) {
        p.face[i] = this.roll(p.type[i], this.random.streams.player);
        const extra = t.valueAt(p.type[i], p.face[i]);
        amount += extra;
        if (this.log !== null) how += `${how ? ', ' : ''}special Healing die ${extra}`;
        this.spend(p, i);
        break;
      }
    }
    const before = s.damage;
    s.damage = Math.max(0, s.damage - amount);
    s.healed += before - s.damage;
    if (this.log !== null) this.log.write(`  return ${t.faceNames[face]} to heal ${amount}${how ? ` (${how})` : ''}: damage ${before} -> ${s.damage}`);
  }

  /** Roll the 5 combat dice up to 5 times, keeping matching results; 5 kept upgrades the target. */
  tryUpgrade(target: number): boolean {
    const s = this.state;
    const t = this.tables;
    const stream = this.random.streams.combat;
    const weapon = target === Upgrade.primary ? s.primary : s.secondary;
    let kept = 0;
    let rolls = 0;
    for (; rolls < UPGRADE_ROLLS && kept < COMBAT_DICE; rolls++) {
      const dice = COMBAT_DICE - kept;
      for (let d = 0; d < dice; d++) {
        const face = t.faceAt(this.typeCombat, this.roll(this.typeCombat, stream));
        const keep = target === Upgrade.character ? face === s.primary || face === s.secondary : face === F.magic || face === weapon;
        if (keep) kept++;
      }
    }
    const success = kept >= COMBAT_DICE;
    if (success) {
      if (target === Upgrade.character) s.characterUpgraded = true;
      else if (target === Upgrade.primary) s.primaryUpgraded = true;
      else s.secondaryUpgraded = true;
      s.upgradesMade++;
    }
    if (this.log !== null) this.log.write(`    upgrade rolls: ${kept} of 5 results in ${rolls} rolls: ${success ? `your ${UPGRADE_NAMES[target]} is upgraded` : 'failed'}`);
    return success;
  }

  /** The Opponent prepares: up to 7 dice from his reserve, glowing rerolls, Rings at once, useful results kept. */
  prepareOpponent(): void {
    const o = this.state.opponent;
    this.replenishOpponent();
    const stream = this.random.streams.opponent;
    let rolled = 0;
    for (let i = 0; i < o.count && rolled < PREPARATION_DICE; i++) {
      if (o.where[i] === Where.reserve) {
        o.where[i] = Where.rolling;
        o.face[i] = this.roll(o.type[i], stream);
        rolled++;
      }
    }
    if (this.log !== null) this.log.write(`the Opponent rolls ${rolled} action dice: ${this.listAt(o, Where.rolling)}`);
    if (this.readings.glowingEveryRoll || this.state.turn === 0) {
      for (let guard = 0; guard < 50; guard++) {
        const glowing = this.findFace(o, Where.rolling, F.glowing);
        if (glowing < 0 || o.countAt(Where.rolling) < 2) break;
        o.where[glowing] = Where.reserve;
        for (let i = 0; i < o.count; i++) if (o.where[i] === Where.rolling) o.face[i] = this.roll(o.type[i], stream);
        if (this.log !== null) this.log.write(`  the Opponent's glowing die to his reserve; he rerolls: ${this.listAt(o, Where.rolling)}`);
      }
    }
    this.opponentKeeps();
  }

  /** The Opponent's results: Rings act at once, faces he has a use for are kept (up to 3 each), the rest go active. */
  private opponentKeeps(): void {
    const o = this.state.opponent;
    for (let die = 0; die < o.count; die++) {
      if (o.where[die] !== Where.rolling) continue;
      const face = this.faceOf(o, die);
      if (face === F.ring) {
        this.spend(o, die);
        this.opponentRing();
      } else if (OPPONENT_KEEPS_FACE[face] === 1 && this.markOf(o, die) !== Mark.star && this.countFace(o, Where.play, face) < 3) o.where[die] = Where.play;
      else o.where[die] = Where.active;
    }
    if (this.log !== null) this.log.write(`  the Opponent's play area: ${this.listAt(o, Where.play) || 'empty'}`);
  }

  /** The Opponent's Ring: you return 3 dice that came from the sideboard from your reserve to the sideboard. */
  private opponentRing(): void {
    const p = this.state.player;
    const t = this.tables;
    if (this.log !== null) this.log.write(`  the Opponent plays a Ring: you return 3 sideboard dice from your reserve`);
    for (let k = 0; k < 3; k++) {
      const o = this.options;
      o.clear();
      for (let i = 0; i < p.count; i++) if (p.where[i] === Where.reserve && p.fromSideboard[i] === 1 && o.find(OptionKind.choose, p.type[i]) < 0) o.add(OptionKind.choose, p.type[i]);
      if (o.count === 0) break;
      this.view.die = -1;
      this.view.face = F.ring;
      const type = o.aux[this.ask(Decision.returnDie)];
      for (let i = 0; i < p.count; i++) {
        if (p.where[i] === Where.reserve && p.fromSideboard[i] === 1 && p.type[i] === type) {
          p.where[i] = Where.sideboard;
          break;
        }
      }
      if (this.log !== null) this.log.write(`    ${t.typeNames[type]} back to the sideboard`);
    }
  }

  /** Below 7 action dice, the Opponent gets a random die of the easier set (none when the set is empty). */
  private replenishOpponent(): void {
    const o = this.state.opponent;
    if (this.easierTypes.length === 0) return;
    let have = 0;
    for (let i = 0; i < o.count; i++) if (o.where[i] !== Where.sideboard && o.where[i] !== Where.outOfPlay) have++;
    for (; have < OPPONENT_DICE; have++) {
      const type = this.easierTypes[this.random.streams.opponent.int(this.easierTypes.length)];
      if (o.add(type, Where.reserve) < 0) return;
      if (this.log !== null) this.log.write(`the Opponent is below 7 action dice: he adds ${this.tables.typeNames[type]}`);
    }
  }

  private listAt(side: Side, where: number): string {
    const parts: string[] = [];
    for (let i = 0; i < side.count; i++) if (side.where[i] === where) parts.push(this.tables.faceNames[this.faceOf(side, i)]);
    return parts.join(', ');
  }

  // ---- A turn --------------------------------------------------------------------------------------------------

  playTurn(): void {
    const s = this.state;
    s.turn++;
    if (this.log !== null) this.log.write(`-- turn ${s.turn} (your runes ${s.runes}, Opponent's runes ${s.opponentRunes}, damage ${s.damage}) --`);
    if (s.turn > 1) {
      if (this.log !== null) this.log.write(`step 1, preparation:`);
      this.preparePlayer(false);
      this.prepareOpponent();
    }
    for (let step = 0; step < MAX_STEPS && s.status === Status.playing; step++) {
      if (!this.movement()) break;
      if (!this.encounterAndCombat()) break;
      this.treasure();
      if (s.status !== Status.playing) return;
      this.enterDestination();
      if (s.status !== Status.playing) return;
      this.step7();
    }
    if (s.status === Status.playing) this.endTurn();
  }

  /** Step 2. Returns false when the turn ends. */
  movement(): boolean {
    const s = this.state;
    const o = s.opponent;
    this.runeStealers();
    if (!this.askMove()) return false;
    // Eagles: three eagles send you back and end the turn; the Opponent may spend a Provisions on one reroll.
    const stream = this.random.streams.opponent;
    let eagles = 0;
    for (let i = 0; i < EAGLE_DICE; i++) if (this.tables.faceAt(this.typeEagle, this.roll(this.typeEagle, stream)) === F.eagle) eagles++;
    if (this.log !== null) this.log.write(`  the Opponent rolls the eagle dice: ${eagles} eagle${eagles === 1 ? '' : 's'}`);
    if (eagles < EAGLE_DICE) {
      const provisions = this.findFace(o, Where.play, F.provisions);
      if (provisions >= 0) {
        this.spend(o, provisions);
        const again = EAGLE_DICE - eagles;
        for (let i = 0; i < again; i++) if (this.tables.faceAt(this.typeEagle, this.roll(this.typeEagle, stream)) === F.eagle) eagles++;
        if (this.log !== null) this.log.write(`  the Opponent returns a Provisions to reroll ${again} eagle dice: ${eagles} eagles`);
      }
    }
    if (eagles >= EAGLE_DICE) {
      s.retreats++;
      if (this.log !== null) this.log.write(`  three eagles: you retreat and your turn ends`);
      return false;
    }
    // Hill Detour: the move is lost; another Provisions moves you on.
    const detour = this.findFace(o, Where.play, F.hillDetour);
    if (detour >= 0 && !this.blocked(detour)) {
      if (this.log !== null) this.log.write(`  the Opponent plays Hill Detour: your move is lost`);
      if (!this.askMove()) return false;
    }
    return true;
  }

  /** Spend a Provisions result to move on, or end the turn. */
  private askMove(): boolean {
    const p = this.state.player;
    const provisions = this.findFace(p, Where.play, F.provisions);
    if (provisions < 0) {
      if (this.log !== null) this.log.write(`step 2: no Provisions to move: your turn ends`);
      return false;
    }
    const o = this.options;
    o.clear();
    o.add(OptionKind.choose, 0);
    o.add(OptionKind.done, 0);
    this.view.die = provisions;
    this.view.face = F.provisions;
    if (o.kind[this.ask(Decision.move)] === OptionKind.done) {
      if (this.log !== null) this.log.write(`step 2: you do not move: your turn ends`);
      return false;
    }
    this.spend(p, provisions);
    if (this.log !== null) {
      const s = this.state;
      const next = s.position + 1;
      this.log.write(`step 2: you return a Provisions to move to ${this.tables.describe(this.typeLandscape, s.routeFace[next])}${s.routeDoom[next] ? ' (doomland)' : ''}`);
    }
    return true;
  }

  /**
   * The Opponent plays the result `die` of his play area (it goes back to his reserve either way); you may block it
   * with the same face saved in your play area. Returns true when blocked.
   */
  private blocked(die: number): boolean {
    const o = this.state.opponent;
    const p = this.state.player;
    const face = this.faceOf(o, die);
    this.spend(o, die);
    const mine = this.findFace(p, Where.play, face);
    if (mine < 0) return false;
    this.options.clear();
    this.options.add(OptionKind.block, 0);
    this.options.add(OptionKind.done, 0);
    this.view.die = mine;
    this.view.face = face;
    if (this.options.kind[this.ask(Decision.block)] !== OptionKind.block) return false;
    this.spend(p, mine);
    if (this.log !== null) this.log.write(`  you return your ${this.tables.faceNames[face]} to block the Opponent's ${this.tables.faceNames[face]}`);
    return true;
  }

  /** Two Rune-stealers in the Opponent's play area: he tries to steal one of your runes. */
  runeStealers(): void {
    const s = this.state;
    const o = s.opponent;
    const p = s.player;
    const t = this.tables;
    if (s.runes === 0) return;
    const first = this.findFace(o, Where.play, F.runeStealer, true);
    if (first < 0) return;
    o.where[first] = Where.rolling; // set aside while looking for the second
    const second = this.findFace(o, Where.play, F.runeStealer, true);
    o.where[first] = Where.play;
    if (second < 0) return;
    if (this.log !== null) this.log.write(`step 2: the Opponent returns two Rune-stealers to steal a rune`);
    const blockedFirst = this.blocked(first);
    this.spend(o, second);
    if (blockedFirst) return;
    const stream = this.random.streams.opponent;
    const rune = t.faceAt(this.typeRune, this.roll(this.typeRune, stream));
    const index = t.runes.indexOf(rune);
    if (index < 0 || !s.hasRune(index)) {
      if (this.log !== null) this.log.write(`  he rolls ${t.faceNames[rune]}: you do not have it`);
      return;
    }
    const options = this.options;
    options.clear();
    options.add(OptionKind.choose, 1);
    const magic = this.findFace(p, Where.play, F.magic);
    if (magic >= 0) options.add(OptionKind.choose, 2);
    this.view.die = -1;
    this.view.face = rune;
    const dice = options.aux[this.ask(Decision.defendRune)];
    if (dice === 2) this.spend(p, magic);
    let saved = false;
    for (let d = 0; d < dice; d++) if (t.faceAt(this.typeRune, this.roll(this.typeRune, this.random.streams.player)) === rune) saved = true;
    if (saved) {
      if (this.log !== null) this.log.write(`  he rolls ${t.faceNames[rune]}; you roll ${dice} rune ${dice === 1 ? 'die' : 'dice'} and match it: you keep the rune`);
      return;
    }
    s.runeBits &= ~(1 << index);
    s.runes--;
    s.runesStolen++;
    if (this.log !== null) this.log.write(`  he rolls ${t.faceNames[rune]}; you roll ${dice} rune ${dice === 1 ? 'die' : 'dice'} and miss: the rune is stolen (runes ${s.runes})`);
  }

  // ---- Steps 3 and 4 -------------------------------------------------------------------------------------------

  /** Steps 3 and 4. Returns false when the turn ends (retreat, lost fight). */
  encounterAndCombat(): boolean {
    const s = this.state;
    const t = this.tables;
    const o = s.opponent;
    const next = s.position + 1;
    this.atDoomland = s.routeDoom[next] === 1;
    this.monsterDice = 0;
    this.secondPower = 0;
    this.noRetreat = false;
    this.encounterRolled = 0;
    this.magicValue = 1;
    this.primaryBonus = 0;
    this.secondaryBonus = 0;
    // Base power.
    const sites = t.valueAt(this.typeDestination, s.startFace) + t.valueAt(this.typeDestination, s.destinationFace);
    let power = 0;
    if (!this.atDoomland) power = t.valueAt(this.typeLandscape, s.routeFace[next]) + sites;
    else {
      power = sites;
      for (let i = 0; i < s.routeLength; i++) power += t.valueAt(this.typeLandscape, s.routeFace[i]);
    }
    if (this.log !== null) this.log.write(`step 3: the ${this.atDoomland ? 'doomland' : 'normal'} monster's base power is ${power}`);
    if (this.atDoomland) {
      if (!this.readings.wod) power += this.monsterDie(false);
      else power += this.encounterDie(power);
    }
    // The Opponent's encounter faces, in his order of preference.
    for (let k = 0; k < PREFERENCES.length; k++) {
      const face = PREFERENCES[k][0];
      const die = this.findFace(o, Where.play, face);
      if (die < 0) continue;
      const portcullis = PREFERENCES[k][1] ? this.findFace(o, Where.play, F.portcullis) : -1;
      if (PREFERENCES[k][1] && portcullis < 0) continue;
      if (this.log !== null) this.log.write(`  the Opponent plays ${t.faceNames[face]}${portcullis >= 0 ? ' + Portcullis' : ''}`);
      if (portcullis >= 0) {
        this.spend(o, portcullis);
        this.noRetreat = true;
      }
      if (face === F.portcullis) {
        this.spend(o, die);
        this.noRetreat = true;
      } else if (!this.blocked(die)) power += this.applyEncounterFace(face, power);
      break;
    }
    // Monster results: the monster die (or, with WOD, the encounter dice).
    for (let guard = 0; guard < 3; guard++) {
      if (!this.readings.wod && guard > 0) break;
      if (this.readings.wod && this.encounterRolled >= 2) break;
      const monster = this.findFace(o, Where.play, F.monster);
      if (monster < 0) break;
      if (this.log !== null) this.log.write(`  the Opponent returns a Monster result`);
      if (this.blocked(monster)) continue;
      power += this.readings.wod ? this.encounterDie(power) : this.monsterDie(true);
    }
    // Fight or retreat.
    this.view.power = power;
    this.view.attack = this.baseAttackEstimate();
    if (!this.noRetreat) {
      this.options.clear();
      this.options.add(OptionKind.done, 0);
      this.options.add(OptionKind.retreat, 0);
      this.view.die = -1;
      this.view.face = -1;
      if (this.options.kind[this.ask(Decision.retreat)] === OptionKind.retreat) {
        s.retreats++;
        if (this.log !== null) this.log.write(`  you retreat from power ${power}${this.secondPower > 0 ? ` and a second encounter of ${this.secondPower}` : ''}: your turn ends`);
        return false;
      }
    }
    // After you decide to fight: Magic (+1, normal monsters only) and Volcano results.
    for (let i = 0; i < o.count; i++) {
      if (o.where[i] !== Where.play) continue;
      const face = this.faceOf(o, i);
      if (face === F.magic && !this.atDoomland) {
        if (this.log !== null) this.log.write(`  the Opponent returns Magic: +1 power`);
        if (!this.blocked(i)) power += 1;
      } else if (face === F.volcano) {
        const amount = Math.max(1, t.valueAt(o.type[i], o.face[i]));
        if (this.log !== null) this.log.write(`  the Opponent returns Volcano: +${amount} power`);
        if (!this.blocked(i)) power += amount;
      }
    }
    this.useMagic(power);
    // Step 4.
    if (this.log !== null) this.log.write(`step 4: combat against power ${power}${this.secondPower > 0 ? `, then a second encounter of power ${this.secondPower}` : ''}`);
    this.thievingBeasts();
    this.demotions();
    let won = this.fight(power);
    let against = power;
    if (won && this.secondPower > 0) {
      won = this.fight(this.secondPower);
      against = this.secondPower;
    }
    this.returnCombatDice();
    if (!won) {
      s.fightsLost++;
      const damage = this.readings.defeatDamage > 0 ? this.readings.defeatDamage : Math.max(1, against - Math.max(0, this.lastAttack));
      s.damage += damage;
      s.damageTaken += damage;
      if (this.log !== null) this.log.write(`  you lose the fight: +${damage} damage (damage ${s.damage} of ${this.readings.damageLimit}); your turn ends`);
      if (s.damage > this.readings.damageLimit) s.status = Status.damage;
      return false;
    }
    s.fightsWon++;
    s.position = next;
    if (this.log !== null) this.log.write(`  you win: your identity die moves to ${t.describe(this.typeLandscape, s.routeFace[next])}`);
    return true;
  }

  /** Roll the monster die (the Opponent adds a Full Moon to count it twice when he may). */
  private monsterDie(fullMoonAllowed: boolean): number {
    const o = this.state.opponent;
    const t = this.tables;
    const value = t.valueAt(this.typeMonster, this.roll(this.typeMonster, this.random.streams.opponent));
    let total = value;
    let moon = false;
    if (fullMoonAllowed) {
      const fullMoon = this.findFace(o, Where.play, F.fullMoon);
      if (fullMoon >= 0 && !this.blocked(fullMoon)) {
        total += value;
        moon = true;
      }
    }
    if (this.log !== null) this.log.write(`  monster die ${value}${moon ? ', doubled by a Full Moon' : ''}: +${total} power`);
    return total;
  }

  /** [WOD] Roll the next encounter die not yet rolled (the generation die, then the special one). Returns power. */
  private encounterDie(basePower: number): number {
    const t = this.tables;
    if (this.encounterRolled >= 2) return 0;
    const type = this.encounterRolled === 0 ? this.typeGeneration : this.typeSpecial;
    this.encounterRolled++;
    const stream = this.random.streams.opponent;
    let index = this.roll(type, stream);
    for (let guard = 0; guard < 30 && t.faceAt(type, index) === F.choice; guard++) index = this.roll(type, stream);
    const face = t.faceAt(type, index);
    const value = t.valueAt(type, index);
    if (this.log !== null) this.log.write(`  ${t.typeNames[type]}: ${t.describe(type, index)}`);
    if (face === F.power) return value;
    if (face === F.block) {
      this.monsterDice = value;
      return 0;
    }
    if (face === F.greatTroll || face === F.massedCreatures) {
      // The Major Encounter: you may block it with the same face saved in your play area.
      const p = this.state.player;
      const mine = this.findFace(p, Where.play, face);
      if (mine >= 0) {
        this.options.clear();
        this.options.add(OptionKind.block, 0);
        this.options.add(OptionKind.done, 0);
        this.view.die = mine;
        this.view.face = face;
        if (this.options.kind[this.ask(Decision.block)] === OptionKind.block) {
          this.spend(p, mine);
          if (this.log !== null) this.log.write(`  you return your ${t.faceNames[face]} to block it`);
          return 0;
        }
      }
      return this.applyEncounterFace(face, basePower);
    }
    return 0;
  }

  /** An encounter face's effect: extra power now, and perhaps a second encounter. */
  private applyEncounterFace(face: number, basePower: number): number {
    const t = this.tables;
    const second = t.encounterSecond[face];
    if (second !== 0) this.secondPower = Math.max(this.secondPower, second < 0 ? basePower : second);
    if (this.log !== null && second !== 0) this.log.write(`    a second encounter of power ${this.secondPower}`);
    if (this.log !== null && t.encounterPower[face] > 0) this.log.write(`    +${t.encounterPower[face]} power`);
    return t.encounterPower[face];
  }

  /** Attack points of the weapons before any roll (for strategies deciding whether to fight). */
  private baseAttackEstimate(): number {
    const s = this.state;
    return (s.primaryUpgraded ? 3 : 2) + (s.secondaryUpgraded ? 2 : 1) - s.damage;
  }

  /** Step 3: spend Magic results to roll the Magic dice. */
  useMagic(power: number): void {
    const s = this.state;
    const p = s.player;
    const t = this.tables;
    const first = this.findFace(p, Where.play, F.magic);
    if (first < 0) return;
    const o = this.options;
    o.clear();
    o.add(OptionKind.done, 0);
    o.add(OptionKind.choose, 1);
    p.where[first] = Where.rolling;
    const second = this.markOf(p, first) === Mark.bullet ? -1 : this.findFace(p, Where.play, F.magic, true);
    p.where[first] = Where.play;
    if (second >= 0) o.add(OptionKind.choose, 2);
    this.view.power = power;
    this.view.die = first;
    this.view.face = F.magic;
    const pick = this.ask(Decision.magic);
    if (o.kind[pick] === OptionKind.done) return;
    const dice = o.aux[pick];
    this.spend(p, first);
    if (dice === 2) this.spend(p, second);
    for (let d = 0; d < dice; d++) {
      const index = this.roll(this.typeMagic, this.random.streams.combat);
      const face = t.faceAt(this.typeMagic, index);
      const value = t.valueAt(this.typeMagic, index);
      let effect = '';
      if (face === F.magicValue) {
        this.magicValue = Math.max(this.magicValue, value);
        if (this.log !== null) effect = `magic results are worth ${this.magicValue}`;
      } else if (face === F.weaponsBonus) {
        this.primaryBonus += value;
        this.secondaryBonus += value;
        if (this.log !== null) effect = `both weapons +${value}`;
      } else if (face === F.weaponBonus) {
        o.clear();
        o.add(OptionKind.choose, 0);
        o.add(OptionKind.choose, 1);
        this.view.die = -1;
        this.view.face = face;
        if (o.aux[this.ask(Decision.magicWeapon)] === 0) this.primaryBonus += value;
        else this.secondaryBonus += value;
        if (this.log !== null) effect = `primary weapon +${this.primaryBonus}, secondary +${this.secondaryBonus}`;
      }
      if (this.log !== null) this.log.write(`  you return a Magic result to roll a Magic die: ${t.describe(this.typeMagic, index)}${effect ? ` (${effect})` : ''}`);
    }
  }

  /** Two Thieving Beasts: you return two results from your play area (Magic first, then Provisions). */
  thievingBeasts(): void {
    const s = this.state;
    const o = s.opponent;
    const p = s.player;
    const first = this.findFace(o, Where.play, F.thievingBeasts, true);
    if (first < 0) return;
    o.where[first] = Where.rolling;
    const second = this.findFace(o, Where.play, F.thievingBeasts, true);
    o.where[first] = Where.play;
    if (second < 0) return;
    if (this.log !== null) this.log.write(`  the Opponent plays two Thieving Beasts`);
    const blocked = this.blocked(first);
    this.spend(o, second);
    if (blocked) return;
    for (let k = 0; k < 2; k++) {
      let die = this.findFace(p, Where.play, F.magic);
      if (die < 0) die = this.findFace(p, Where.play, F.provisions);
      if (die < 0) for (let i = 0; i < p.count && die < 0; i++) if (p.where[i] === Where.play) die = i;
      if (die < 0) break;
      if (this.log !== null) this.log.write(`    your ${this.name(p, die)} goes back to your reserve`);
      p.where[die] = Where.reserve;
      p.changed[die] = -1;
    }
  }

  /** The Opponent's Weaponry results demote your character, primary and secondary weapon; one free try back each. */
  demotions(): void {
    const s = this.state;
    const o = s.opponent;
    for (let guard = 0; guard < 10; guard++) {
      const weaponry = this.findFace(o, Where.play, F.weaponry);
      if (weaponry < 0) return;
      const target = s.characterUpgraded ? Upgrade.character : s.primaryUpgraded ? Upgrade.primary : s.secondaryUpgraded ? Upgrade.secondary : -1;
      if (target < 0) return;
      this.spend(o, weaponry);
      if (target === Upgrade.character) s.characterUpgraded = false;
      else if (target === Upgrade.primary) s.primaryUpgraded = false;
      else s.secondaryUpgraded = false;
      if (this.log !== null) this.log.write(`  the Opponent returns Weaponry: your ${UPGRADE_NAMES[target as 0]} is demoted; one free try to upgrade it again`);
      if (this.tryUpgrade(target)) s.upgradesMade--;
    }
  }

  /** Points of a combat result. */
  points(type: number, face: number): number {
    const s = this.state;
    const silver = this.tables.role[type] === RoleCode.combatSilver;
    if (face === s.primary) return (s.primaryUpgraded ? 3 : 2) + this.primaryBonus + (silver ? 2 : 0);
    if (face === s.secondary) return (s.secondaryUpgraded ? 2 : 1) + this.secondaryBonus + (silver ? 1 : 0);
    if (face === F.magic) return this.magicValue + (silver ? 1 : 0);
    return 0;
  }

  /** Collect the combat dice: 5 (12-sided ones and one silver die substituted from the reserve), a 10-sided sixth. */
  private collectCombatDice(): void {
    const p = this.state.player;
    const t = this.tables;
    let n = 0;
    let silver = false;
    let tenSided = false;
    for (let i = 0; i < p.count; i++) {
      if (p.where[i] !== Where.reserve && p.where[i] !== Where.combat) continue;
      const role = t.role[p.type[i]];
      if (p.where[i] === Where.combat && role === RoleCode.improvised) continue;
      const take = (role === RoleCode.combat12 && n < COMBAT_DICE) || (role === RoleCode.combatSilver && !silver && n < COMBAT_DICE) || (role === RoleCode.combat10 && !tenSided);
      if (!take) continue;
      if (role === RoleCode.combatSilver) silver = true;
      if (role === RoleCode.combat10) tenSided = true;
      p.where[i] = Where.combat;
      this.combatType[n] = p.type[i];
      this.combatDie[n] = i;
      this.combatState[n] = C.roll;
      n++;
    }
    let normal = 0;
    for (let k = 0; k < n; k++) if (t.role[this.combatType[k]] !== RoleCode.combat10) normal++;
    for (; normal < COMBAT_DICE; normal++) {
      this.combatType[n] = this.typeCombat;
      this.combatDie[n] = -1;
      this.combatState[n] = C.roll;
      n++;
    }
    this.combatCount = n;
    this.improvisedSeen = 0;
    if (this.log !== null && n > COMBAT_DICE - 1) {
      const special: string[] = [];
      for (let k = 0; k < n; k++) if (this.combatDie[k] >= 0) special.push(t.typeNames[this.combatType[k]]);
      if (special.length > 0) this.log.write(`  special combat dice from your reserve: ${special.join(', ')}`);
    }
  }

  /** One fight: roll, burning skulls out, White Trees, the monster's dice, then rerolls until the attack beats the power. */
  fight(power: number): boolean {
    const s = this.state;
    const t = this.tables;
    const stream = this.random.streams.combat;
    this.collectCombatDice();
    let expert = 0;
    if (this.readings.wod && s.characterUpgraded) expert = this.expertDice();
    let monsterDice = this.monsterDice;
    const rolls = this.readings.combatRolls > 0 ? this.readings.combatRolls : 99;
    for (let roll = 1; roll <= rolls; roll++) {
      for (let k = 0; k < this.combatCount; k++) {
        if (this.combatState[k] !== C.roll && this.combatState[k] !== C.cancelled) continue;
        this.combatFace[k] = this.roll(this.combatType[k], stream);
        this.combatState[k] = C.shown;
      }
      let line = '';
      for (let k = 0; k < this.combatCount; k++) {
        if (this.combatState[k] !== C.shown) continue;
        let face = t.faceAt(this.combatType[k], this.combatFace[k]);
        if (face === F.burningSkull) {
          this.combatState[k] = C.gone;
          if (this.log !== null) line += `${line ? ', ' : ''}burning skull (die out)`;
          continue;
        }
        for (let guard = 0; guard < 6 && face === F.whiteTree; guard++) {
          if (!this.improvise()) break;
          this.combatFace[k] = this.roll(this.combatType[k], stream);
          face = t.faceAt(this.combatType[k], this.combatFace[k]);
          if (face === F.burningSkull) this.combatState[k] = C.gone;
        }
        if (this.log !== null) line += `${line ? ', ' : ''}${t.faceNames[face]}${this.combatState[k] === C.gone ? ' (die out)' : ''}`;
      }
      if (monsterDice > 0) monsterDice = this.monsterCombatDice(monsterDice);
      const attack = this.attack() + expert;
      this.lastAttack = attack;
      if (this.log !== null) this.log.write(`  combat roll ${roll}: ${line || 'no dice left'}; attack ${attack} against ${power}`);
      if (attack >= power) return true;
      if (roll === rolls) return false;
      // Which dice to reroll.
      let zeros = 0;
      let below = 0;
      let best = 0;
      for (let k = 0; k < this.combatCount; k++) {
        if (this.combatState[k] === C.cancelled) zeros++;
        if (this.combatState[k] !== C.shown) continue;
        const pts = this.points(this.combatType[k], t.faceAt(this.combatType[k], this.combatFace[k]));
        if (pts > best) best = pts;
      }
      for (let k = 0; k < this.combatCount; k++) {
        if (this.combatState[k] !== C.shown) continue;
        const pts = this.points(this.combatType[k], t.faceAt(this.combatType[k], this.combatFace[k]));
        if (pts === 0) zeros++;
        if (pts < best) below++;
      }
      const o = this.options;
      o.clear();
      if (zeros > 0) o.add(OptionKind.reroll, Reroll.zeros);
      if (below > zeros || (zeros === 0 && below > 0)) o.add(OptionKind.reroll, Reroll.belowBest);
      if (o.count === 0) return false;
      this.view.power = power;
      this.view.attack = attack;
      this.view.rollsLeft = rolls - roll;
      this.view.die = -1;
      this.view.face = -1;
      const mode = o.aux[this.ask(Decision.combat)];
      for (let k = 0; k < this.combatCount; k++) {
        if (this.combatState[k] === C.cancelled) continue;
        if (this.combatState[k] !== C.shown) continue;
        const pts = this.points(this.combatType[k], t.faceAt(this.combatType[k], this.combatFace[k]));
        if (pts === 0 || (mode === Reroll.belowBest && pts < best)) this.combatState[k] = C.roll;
      }
    }
    return false;
  }

  private attack(): number {
    const t = this.tables;
    let total = this.improvisedSeen === 0 ? 0 : popcount(this.improvisedSeen);
    for (let k = 0; k < this.combatCount; k++) if (this.combatState[k] === C.shown) total += this.points(this.combatType[k], t.faceAt(this.combatType[k], this.combatFace[k]));
    return total - this.state.damage;
  }

  /** A White Tree in combat: roll an improvised weapon die from the reserve (unless the Opponent blocks). */
  private improvise(): boolean {
    const p = this.state.player;
    const t = this.tables;
    let die = -1;
    for (let i = 0; i < p.count && die < 0; i++) if (p.where[i] === Where.reserve && t.role[p.type[i]] === RoleCode.improvised) die = i;
    if (die < 0) return false;
    if (this.whiteTreeBlocked()) return false;
    p.face[die] = this.roll(p.type[die], this.random.streams.combat);
    const face = t.faceAt(p.type[die], p.face[die]);
    const bit = face === F.axe ? 1 : face === F.sword ? 2 : face === F.bow ? 4 : 0;
    if (bit !== 0 && (this.improvisedSeen & bit) === 0) {
      this.improvisedSeen |= bit;
      p.where[die] = Where.combat; // used for an attack point: to the sideboard after the encounters
      if (this.log !== null) this.log.write(`    White Tree: improvised weapon die shows ${t.faceNames[face]}: +1 attack; the White Tree die is rerolled`);
    } else if (this.log !== null) this.log.write(`    White Tree: improvised weapon die shows ${t.faceNames[face]}: no attack point; the White Tree die is rerolled`);
    return true;
  }

  /** [WOD] The monster's combat dice: skulls leave, spiders do nothing, weapons force a reroll of your matching die. */
  private monsterCombatDice(dice: number): number {
    const t = this.tables;
    const stream = this.random.streams.opponent;
    let left = dice;
    let cancels = 0;
    for (let d = 0; d < dice; d++) {
      const face = t.faceAt(this.typeMonsterCombat, this.roll(this.typeMonsterCombat, stream));
      if (face === F.burningSkull) {
        left--;
        continue;
      }
      if (face !== F.axe && face !== F.sword && face !== F.bow) continue;
      for (let k = 0; k < this.combatCount; k++) {
        if (this.combatState[k] === C.shown && t.faceAt(this.combatType[k], this.combatFace[k]) === face) {
          this.combatState[k] = C.cancelled;
          cancels++;
          break;
        }
      }
    }
    if (this.log !== null) this.log.write(`  the monster rolls ${dice} combat dice: ${cancels} of your weapon results must be rerolled; ${left} monster dice stay`);
    return left;
  }

  /** [WOD] The 3 expert combat dice of an upgraded character: +1 per matching weapon result. */
  private expertDice(): number {
    const s = this.state;
    const t = this.tables;
    const stream = this.random.streams.combat;
    let bonus = 0;
    for (let d = 0; d < 3; d++) {
      let face = t.faceAt(this.typeExpert, this.roll(this.typeExpert, stream));
      if (face === F.burningSkull) continue;
      if ((face === F.axe || face === F.sword || face === F.bow) && face !== s.primary && face !== s.secondary) face = t.faceAt(this.typeExpert, this.roll(this.typeExpert, stream));
      if (face === s.primary || face === s.secondary) bonus++;
    }
    if (this.log !== null) this.log.write(`  expert combat dice: +${bonus} attack`);
    return bonus;
  }

  /** After the encounter(s): special combat dice back (10-sided and used improvised dice to the sideboard). */
  private returnCombatDice(): void {
    const p = this.state.player;
    const t = this.tables;
    for (let i = 0; i < p.count; i++) {
      if (p.where[i] !== Where.combat) continue;
      const role = t.role[p.type[i]];
      p.where[i] = role === RoleCode.combat10 || role === RoleCode.improvised ? Where.sideboard : Where.reserve;
      p.changed[i] = -1;
    }
  }

  // ---- Steps 5 to 8 --------------------------------------------------------------------------------------------

  /** Step 5: roll the active area; each discovery lets you roll a rune die. */
  treasure(): void {
    const s = this.state;
    const p = s.player;
    const stream = this.random.streams.player;
    let discoveries = 0;
    for (let i = 0; i < p.count; i++) {
      if (p.where[i] !== Where.active) continue;
      p.face[i] = this.roll(p.type[i], stream);
      p.changed[i] = -1;
      if (this.faceOf(p, i) === F.discovery) {
        discoveries++;
        if (this.markOf(p, i) !== Mark.none) this.spend(p, i);
      }
    }
    if (this.log !== null) this.log.write(`step 5: you roll your active area: ${this.listAt(p, Where.active) || 'nothing'}; ${discoveries} discover${discoveries === 1 ? 'y' : 'ies'}`);
    for (let d = 0; d < discoveries && s.status === Status.playing; d++) this.rollRune();
  }

  /** Roll a rune die (a special rune die from the reserve first): a rune you do not have is yours. */
  private rollRune(): void {
    const s = this.state;
    const p = s.player;
    const t = this.tables;
    let type = this.typeRune;
    let special = -1;
    for (let i = 0; i < p.count && special < 0; i++) if (p.where[i] === Where.reserve && t.role[p.type[i]] === RoleCode.specialRune) special = i;
    let face: number;
    if (special >= 0) {
      type = p.type[special];
      p.face[special] = this.roll(type, this.random.streams.player);
      face = t.faceAt(type, p.face[special]);
      this.spend(p, special);
    } else face = t.faceAt(type, this.roll(type, this.random.streams.player));
    let index = t.runes.indexOf(face);
    if (face === F.wild) for (let r = 0; r < t.runes.length && index < 0; r++) if (!s.hasRune(r)) index = r;
    if (index >= 0 && !s.hasRune(index)) this.gainRune(index, `${t.typeNames[type]} shows ${t.faceNames[face]}`);
    else if (this.log !== null) this.log.write(`  ${t.typeNames[type]} shows ${t.faceNames[face]}: you have it already`);
  }

  private gainRune(index: number, how: string): void {
    const s = this.state;
    s.runeBits |= 1 << index;
    s.runes++;
    s.runesCollected++;
    if (this.log !== null) this.log.write(`  ${how}: you collect the rune ${this.tables.faceNames[this.tables.runes[index]]} (runes ${s.runes} of ${this.readings.runes})`);
    if (s.runes >= this.readings.runes) s.status = Status.won;
  }

  /** Step 6: at the last landscape die, enter the destination, take a rune, and set up the next route. */
  enterDestination(): void {
    const s = this.state;
    const t = this.tables;
    if (s.position !== s.routeLength - 1) return;
    if (this.log !== null) this.log.write(`step 6: you enter ${t.describe(this.typeDestination, s.destinationFace)}`);
    const o = this.options;
    o.clear();
    for (let r = 0; r < t.runes.length; r++) if (!s.hasRune(r)) o.add(OptionKind.choose, t.runes[r], r);
    o.add(OptionKind.roll, 0);
    this.view.die = -1;
    this.view.face = -1;
    const pick = this.ask(Decision.destination);
    if (o.kind[pick] === OptionKind.choose) this.gainRune(o.target[pick], 'you select a rune');
    else {
      const stream = this.random.streams.player;
      const a = t.faceAt(this.typeRune, this.roll(this.typeRune, stream));
      const b = t.faceAt(this.typeRune, this.roll(this.typeRune, stream));
      if (this.log !== null) this.log.write(`  you roll both rune dice: ${t.faceNames[a]}, ${t.faceNames[b]}`);
      const ia = t.runes.indexOf(a);
      const ib = t.runes.indexOf(b);
      if (ia >= 0 && !s.hasRune(ia)) this.gainRune(ia, 'rune die');
      if (s.status === Status.playing && ib >= 0 && !s.hasRune(ib)) this.gainRune(ib, 'rune die');
    }
    s.routesCompleted++;
    if (s.status !== Status.playing) return;
    s.startFace = s.destinationFace;
    this.newRoute();
  }

  /** Step 7: both sides roll what is left in their active areas and keep as in Step 1. */
  step7(): void {
    const s = this.state;
    const p = s.player;
    const o = s.opponent;
    const playerStream = this.random.streams.player;
    let n = 0;
    for (let i = 0; i < p.count; i++) {
      if (p.where[i] === Where.active) {
        p.where[i] = Where.rolling;
        p.face[i] = this.roll(p.type[i], playerStream);
        p.changed[i] = -1;
        n++;
      }
    }
    if (this.log !== null) this.log.write(`step 7: you roll your ${n} active dice: ${this.listAt(p, Where.rolling) || 'none'}`);
    this.assignRolled();
    const opponentStream = this.random.streams.opponent;
    for (let i = 0; i < o.count; i++) {
      if (o.where[i] === Where.active) {
        o.where[i] = Where.rolling;
        o.face[i] = this.roll(o.type[i], opponentStream);
      }
    }
    if (this.log !== null) this.log.write(`  the Opponent rolls his active dice: ${this.listAt(o, Where.rolling) || 'none'}`);
    this.opponentKeeps();
  }

  /** Step 8: active areas back to the reserves; the Opponent collects a rune. */
  endTurn(): void {
    const s = this.state;
    toReserve(s.player);
    toReserve(s.opponent);
    s.opponentRunes++;
    if (this.log !== null) this.log.write(`step 8: the Opponent collects a rune (${s.opponentRunes} of ${this.readings.runes})`);
    if (s.opponentRunes >= this.readings.runes) s.status = Status.opponentRunes;
  }
}

function toReserve(side: Side): void {
  for (let i = 0; i < side.count; i++) if (side.where[i] === Where.active || side.where[i] === Where.rolling) side.where[i] = Where.reserve;
}

function popcount(bits: number): number {
  return (bits & 1) + ((bits >> 1) & 1) + ((bits >> 2) & 1);
}
