import { StrategyError } from '../../core/errors.ts';
import type { GameLog, OutcomeRecord } from '../../core/game.ts';
import { GameRandom, type RandomStream } from '../../core/rng.ts';
import { type CitiesStrategy, CombatView, Decision, DECISION_NAMES, type DecisionKind, type DecisionView, MAX_COMBAT, OptionKind, OptionList, Upgrade, UPGRADE_NAMES, Use } from './decisions.ts';
import { CitiesState, Side, SIDE_CAPACITY, Status, Where } from './state.ts';
import { CHARACTER_WEAPONS, CHARACTERS, type DiceTables, F, IS_ADVANCED, IS_KEEPABLE, Mark, OPPONENT_KEEPS_FACE, RoleCode } from './tables.ts';

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
  /** A Ring brings in any die of the sideboard (true), or action dice only (false, as written). */
  readonly ringBringsAnyDie: boolean;
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
  ringBringsAnyDie: true,
};

const STREAMS = ['route', 'player', 'combat', 'opponent', 'strategy'] as const;
const PREPARATION_DICE = 7;
const OPPONENT_DICE = 7;
const ADVENTURE_DICE = 4;
const COMBAT_DICE = 5;
const EAGLE_DICE = 3;
const UPGRADE_ROLLS = 5;
const MAX_STEPS = 40;
/** Dice in the Opponent's Ring, the player's Ring (4 when they share ink and base) and White Tree bring-ins. */
const RING_DICE = 3;
const WHITE_TREE_DICE = 2;
const EXPERT_DICE = 3;
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
/** The decisions that pick dice one at a time, one option per group of identical dice. */
const Pick = { select: 0, bringIn: 1, returnDie: 2 } as const;
/** Combat die states. */
const C = { idle: 0, roll: 1, shown: 2, gone: 3, cancelled: 4 } as const;

export class CitiesRules {
  readonly state: CitiesState;
  readonly options = new OptionList();
  readonly view: DecisionView;
  readonly random = new GameRandom(STREAMS);
  seed = 0;
  strategy: CitiesStrategy | null = null;
  /** Test seam: face names (or "name value") consumed by the next rolls before any random roll. */
  script: string[] = [];
  private scriptAt = 0;

  // Combat scratch: the dice of the fight (type, face index, state).
  private readonly combatType = new Int16Array(MAX_COMBAT);
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
  /** The dice as dealt at the set-up: your reserve and sideboard, the Opponent's reserve. */
  private readonly dealtPlayer: Side;
  private readonly dealtOpponent: Side;
  private readonly easierTypes: Int16Array;
  /** The role a Ring brings in (-1: any die of the sideboard). */
  private readonly ringRole: number;
  // Picking dice (decisions select, bringIn, returnDie): which decision, how many dice may still be picked, bringIn's
  // role and ink rule (a 4th die when all share the ink of pickInk), and the groups of identical dice found.
  private picking: number = Pick.select;
  private pickLeft = 0;
  private pickRole = -1;
  private pickInk = -1;
  private pickFourth = false;
  private readonly typeCount: number;
  /** Per group key (groupOf), for grouping dice one by one: a stamp, the first die and the count. */
  private readonly keySeen: Int32Array;
  private readonly keyFirst: Int16Array;
  private readonly keyCount: Int16Array;
  private readonly keyOrder = new Int32Array(SIDE_CAPACITY);
  private keyStamp = 0;
  /** The groups of pickable dice, in die order: each group's first die and size. */
  private groups = 0;
  private readonly groupFirst = new Int16Array(SIDE_CAPACITY);
  private readonly groupSize = new Int16Array(SIDE_CAPACITY);

  constructor(
    readonly tables: DiceTables,
    readonly readings: Readings,
    private readonly log: GameLog | null,
  ) {
    const t = tables;
    this.state = new CitiesState(t.role);
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
    const deal = (side: Side, dice: Readonly<Record<string, number>>, where: number) => {
      for (const [id, n] of Object.entries(dice)) for (let i = 0; i < n; i++) side.add(t.typeOf(id), where);
    };
    this.dealtPlayer = new Side(t.role);
    deal(this.dealtPlayer, t.content.reserve, Where.reserve);
    deal(this.dealtPlayer, t.content.sideboards[readings.sideboard].dice, Where.sideboard);
    this.dealtOpponent = new Side(t.role);
    deal(this.dealtOpponent, t.content.opponent.dice, Where.reserve);
    this.easierTypes = Int16Array.from(t.content.opponent.easier.map((id) => t.typeOf(id)));
    this.ringRole = readings.ringBringsAnyDie ? -1 : RoleCode.action;
    this.typeCount = t.typeIds.length;
    this.keySeen = new Int32Array(this.typeCount * (t.faceNames.length + 1));
    this.keyFirst = new Int16Array(this.keySeen.length);
    this.keyCount = new Int16Array(this.keySeen.length);
    this.view = { state: this.state, options: this.options, tables, random: this.random.streams.strategy, die: -1, face: -1, power: 0, attack: 0, rollsLeft: 0, combat: new CombatView() };
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
    const code = side.code[die];
    return code < 0 || side.outOfPlayFaces[code] >= 3 ? F.blank : code;
  }

  /** Roll every die of a side in an area, in die order. */
  private rollAll(side: Side, where: number, stream: RandomStream): void {
    for (let i = side.nextAt(where, 0); i >= 0; i = side.nextAt(where, i + 1)) this.rollDie(side, i, stream);
  }

  /** Roll a die of a side: it shows a new face (a changed result is gone). */
  private rollDie(side: Side, die: number, stream: RandomStream): void {
    const face = this.roll(side.type[die], stream);
    side.show(die, face, this.tables.faceAt(side.type[die], face));
  }

  /** A die leaving an area shows its own face again (a Magic changed to Provisions is Magic again). */
  private unchange(side: Side, die: number): void {
    if (side.changed[die] >= 0) side.show(die, side.face[die], this.tables.faceAt(side.type[die], side.face[die]));
  }

  private markOf(side: Side, die: number): number {
    return side.face[die] < 0 ? Mark.none : this.tables.markAt(side.type[die], side.face[die]);
  }

  /** Results of `face` in an area of a side (the play area from its per-face counts). */
  countFace(side: Side, where: number, face: number): number {
    if (where === Where.play && face !== F.blank) return side.outOfPlayFaces[face] >= 3 ? 0 : side.playCount[face];
    let n = 0;
    for (let i = side.nextAt(where, 0); i >= 0; i = side.nextAt(where, i + 1)) if (this.faceOf(side, i) === face) n++;
    return n;
  }

  /** The first die (after die `after`) in an area showing `face` (and not a bullet result, if asked), or -1. */
  private findFace(side: Side, where: number, face: number, noBullet = false, after = -1): number {
    if (where === Where.play && this.countFace(side, where, face) === 0) return -1;
    for (let i = side.nextAt(where, after + 1); i >= 0; i = side.nextAt(where, i + 1)) {
      if (this.faceOf(side, i) === face && (!noBullet || this.markOf(side, i) !== Mark.bullet)) return i;
    }
    return -1;
  }

  /** A used die goes back to the reserve, or to the sideboard (circle) or out of play (X). */
  private spend(side: Side, die: number): void {
    const mark = this.markOf(side, die);
    if (mark === Mark.x) {
      side.outOfPlayFaces[this.faceOf(side, die)]++;
      side.move(die, Where.outOfPlay);
    } else side.move(die, mark === Mark.circle ? Where.sideboard : Where.reserve);
    this.unchange(side, die);
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
    s.reset(this.dealtPlayer, this.dealtOpponent);
    s.runesToWin = this.readings.runes;
    s.damageLimit = this.readings.damageLimit;
    const route = this.random.streams.route;
    s.startType = this.typeDestination;
    s.startFace = this.roll(this.typeDestination, route);
    this.newRoute();
    s.character = this.readings.character >= 0 ? this.readings.character : CHARACTERS.indexOf(t.faceNames[t.faceAt(this.typeCharacter, this.roll(this.typeCharacter, route))] as 'dwarf');
    s.primary = CHARACTER_WEAPONS[s.character][0];
    s.secondary = CHARACTER_WEAPONS[s.character][1];
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

  /** Step 1 (and the set-up): select and roll up to 7 action dice, glowing rerolls, then assign each result. */
  preparePlayer(setup: boolean): void {
    const p = this.state.player;
    const stream = this.random.streams.player;
    const rolled = this.selectDice();
    this.rollAll(p, Where.rolling, stream);
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
        p.move(glowing, Where.reserve);
        this.rollAll(p, Where.rolling, stream);
        if (this.log !== null) this.log.write(`  glowing die to the reserve; you reroll the others: ${this.listAt(p, Where.rolling)}`);
      }
    }
    this.assignRolled();
  }

  /** Select up to 7 action dice from the reserve or the play area (decision select); they move to the rolling area. */
  private selectDice(): number {
    let selected = 0;
    this.findGroups(Pick.select);
    while (selected < PREPARATION_DICE) {
      this.pickLeft = PREPARATION_DICE - selected;
      this.listGroups(true);
      if (this.options.count === 1) break;
      this.view.die = -1;
      this.view.face = -1;
      const pick = this.ask(Decision.select);
      if (this.options.kind[pick] === OptionKind.done) break;
      selected += this.takePicked(pick, Where.rolling);
    }
    return selected;
  }

  /**
   * Whether a die of the area being picked from may be picked: to select, an action die of the reserve or play area;
   * to bring in, a sideboard die of the role; to return (the Opponent's Ring), a reserve die that came from the sideboard.
   */
  private mayPick(die: number): boolean {
    const p = this.state.player;
    return this.mayPickType(p.type[die]) && (this.picking !== Pick.returnDie || p.fromSideboard[die] === 1);
  }

  private mayPickType(type: number): boolean {
    if (this.picking === Pick.select) return this.tables.role[type] === RoleCode.action;
    return this.picking === Pick.returnDie || this.pickRole < 0 || this.tables.role[type] === this.pickRole;
  }

  /** Identical dice share a group: the die type, and in the play area also the face shown. */
  private groupOf(die: number): number {
    const p = this.state.player;
    return p.where[die] === Where.play ? this.typeCount * (1 + this.faceOf(p, die)) + p.type[die] : p.type[die];
  }

  /** How many dice of the group of `die` may be picked now: a Ring's 4th die only when all four share the ink. */
  private pickCap(die: number): number {
    const sameInk = this.picking === Pick.bringIn && this.pickFourth && (this.pickInk < 0 || this.tables.ink[this.state.player.type[die]] === this.pickInk);
    return this.pickLeft + (sameInk ? 1 : 0);
  }

  /**
   * Sort the dice that may be picked into groups of identical dice, in die order. A type in the reserve or sideboard
   * is one group, counted at once; play-area dice (grouped by face too) and the Opponent's Ring are grouped die by die.
   */
  private findGroups(picking: number): void {
    const p = this.state.player;
    this.picking = picking;
    this.groups = 0;
    if (picking === Pick.returnDie) {
      this.groupDieByDie(Where.reserve);
      return;
    }
    const where = picking === Pick.bringIn ? Where.sideboard : Where.reserve;
    for (let type = 0; type < this.typeCount; type++) {
      if (p.countTypeAt(where, type) > 0 && this.mayPickType(type)) this.addGroup(p.nextOfType(where, type, 0), p.countTypeAt(where, type));
    }
    if (picking === Pick.select) this.groupDieByDie(Where.play);
  }

  private groupDieByDie(where: number): void {
    const p = this.state.player;
    const stamp = ++this.keyStamp;
    let keys = 0;
    for (let i = this.nextCandidate(where, 0); i >= 0; i = this.nextCandidate(where, i + 1)) {
      if (!this.mayPickType(p.type[i])) continue;
      const key = this.groupOf(i);
      if (this.keySeen[key] !== stamp) {
        this.keySeen[key] = stamp;
        this.keyFirst[key] = i;
        this.keyCount[key] = 0;
        this.keyOrder[keys++] = key;
      }
      this.keyCount[key]++;
    }
    for (let k = 0; k < keys; k++) this.addGroup(this.keyFirst[this.keyOrder[k]], this.keyCount[this.keyOrder[k]]);
  }

  /** The next die of an area at or after `from` that may be picked, but for its type. */
  private nextCandidate(where: number, from: number): number {
    const p = this.state.player;
    return this.picking === Pick.returnDie ? p.nextFromSideboardAt(where, from) : p.nextAt(where, from);
  }

  /** A new group (or, for decision combatDice, a die type), kept in order of its first die. */
  private addGroup(first: number, size: number): void {
    let g = this.groups++;
    for (; g > 0 && this.groupFirst[g - 1] > first; g--) {
      this.groupFirst[g] = this.groupFirst[g - 1];
      this.groupSize[g] = this.groupSize[g - 1];
    }
    this.groupFirst[g] = first;
    this.groupSize[g] = size;
  }

  /** One option per group and count (option.aux the group's first die, option.target where, option.mode how many). */
  private listGroups(withDone: boolean): void {
    const o = this.options;
    const where = this.state.player.where;
    o.clear();
    if (withDone) o.add(OptionKind.done, -1);
    for (let g = 0; g < this.groups; g++) {
      const first = this.groupFirst[g];
      const most = Math.min(this.groupSize[g], this.pickCap(first));
      for (let n = 1; n <= most; n++) o.add(OptionKind.choose, first, where[first], n);
    }
  }

  /** Move the dice of option `pick` (the first ones of its group) to `where`; the group keeps the rest. Returns how many. */
  private takePicked(pick: number, where: number): number {
    const p = this.state.player;
    const first = this.options.aux[pick];
    const count = this.options.mode[pick];
    let g = 0;
    while (this.groupFirst[g] !== first) g++;
    const from = p.where[first];
    const type = p.type[first];
    const key = this.groupOf(first);
    let die = first;
    for (let left = count; left > 0; die = this.nextInGroup(from, type, key, die + 1)) {
      p.move(die, where);
      this.picked(die);
      left--;
    }
    this.groupSize[g] -= count;
    if (this.groupSize[g] === 0) this.dropGroup(g);
    else this.advanceGroup(g, die);
    return count;
  }

  /** The first die at or after `from` of the group `key` (type `type` in area `where`), or -1. */
  private nextInGroup(where: number, type: number, key: number, from: number): number {
    const p = this.state.player;
    for (let i = p.nextOfType(where, type, from); i >= 0; i = p.nextOfType(where, type, i + 1)) if (this.mayPick(i) && this.groupOf(i) === key) return i;
    return -1;
  }

  private dropGroup(g: number): void {
    this.groups--;
    for (let k = g; k < this.groups; k++) {
      this.groupFirst[k] = this.groupFirst[k + 1];
      this.groupSize[k] = this.groupSize[k + 1];
    }
  }

  /** Group g now starts at a later die: it moves down the list to keep the groups in die order. */
  private advanceGroup(g: number, first: number): void {
    const size = this.groupSize[g];
    for (; g + 1 < this.groups && this.groupFirst[g + 1] < first; g++) {
      this.groupFirst[g] = this.groupFirst[g + 1];
      this.groupSize[g] = this.groupSize[g + 1];
    }
    this.groupFirst[g] = first;
    this.groupSize[g] = size;
  }

  /** A die just picked: a selected result is rolled afresh; a die brought in or returned is logged. */
  private picked(die: number): void {
    const p = this.state.player;
    if (this.picking === Pick.select) this.unchange(p, die);
    else if (this.log !== null) {
      const name = this.tables.typeNames[p.type[die]];
      this.log.write(this.picking === Pick.bringIn ? `    bring in ${name}` : `    ${name} back to the sideboard`);
    }
  }

  /** Assign every result in the rolling area (Steps 1 and 7). */
  assignRolled(): void {
    const p = this.state.player;
    for (let die = p.nextAt(Where.rolling, 0); die >= 0; die = p.nextAt(Where.rolling, die + 1)) this.assign(die);
  }

  private assign(die: number): void {
    const s = this.state;
    const p = s.player;
    const face = this.faceOf(p, die);
    const o = this.options;
    o.clear();
    if (this.mayKeep(p, die, face, IS_KEEPABLE)) o.add(OptionKind.choose, Use.keep);
    o.add(OptionKind.choose, Use.active);
    if ((face === F.magic || face === F.provisions) && s.damage > 0) o.add(OptionKind.choose, Use.heal);
    if (face === F.magic && this.countFace(p, Where.play, F.provisions) < 3) o.add(OptionKind.choose, Use.toProvisions);
    if (face === F.weaponry || face === F.magic) {
      const mode = face === F.magic ? 1 : 0;
      if (!s.characterUpgraded) o.add(OptionKind.choose, Use.upgrade, Upgrade.character, mode);
      if (!s.primaryUpgraded) o.add(OptionKind.choose, Use.upgrade, Upgrade.primary, mode);
      if (!s.secondaryUpgraded) o.add(OptionKind.choose, Use.upgrade, Upgrade.secondary, mode);
    }
    if (face === F.ring && this.sideboardHas(this.ringRole)) o.add(OptionKind.choose, Use.ring);
    if (face === F.whiteTree && this.sideboardHas(RoleCode.improvised)) o.add(OptionKind.choose, Use.whiteTree);
    this.view.die = die;
    this.view.face = face;
    const pick = this.ask(Decision.assign);
    const use = o.aux[pick];
    const target = o.target[pick];
    const changed = o.mode[pick] === 1;
    const label = this.log !== null ? this.name(p, die) : '';
    switch (use) {
      case Use.keep:
        p.move(die, Where.play);
        if (this.log !== null) this.log.write(`  keep ${label} in your play area`);
        break;
      case Use.active:
        p.move(die, Where.active);
        if (this.log !== null) this.log.write(`  ${label} to your active area`);
        break;
      case Use.heal:
        this.spend(p, die);
        this.heal(face);
        break;
      case Use.toProvisions:
        p.change(die, F.provisions);
        p.move(die, Where.play);
        if (this.log !== null) this.log.write(`  change ${label} to Provisions, kept in your play area`);
        break;
      case Use.upgrade:
        this.spend(p, die);
        if (this.log !== null) this.log.write(`  ${changed ? 'change ' : ''}${label}${changed ? ' to Weaponry' : ''}: try to upgrade your ${UPGRADE_NAMES[target]}`);
        this.tryUpgrade(target);
        break;
      case Use.ring:
        this.spend(p, die);
        if (this.log !== null) this.log.write(`  return ${label} to bring in dice from the sideboard`);
        this.bringIn(this.ringRole, RING_DICE, true);
        break;
      case Use.whiteTree:
        if (this.log !== null) this.log.write(`  use ${label} to bring in improvised weapon dice; the die goes to your active area`);
        if (!this.whiteTreeBlocked()) this.bringIn(RoleCode.improvised, WHITE_TREE_DICE, false);
        if (this.markOf(p, die) === Mark.none) p.move(die, Where.active);
        else this.spend(p, die);
    }
  }

  /** A result may be kept (up to 3 of a face) when its face is keepable, unless it is a starred advanced result. */
  private mayKeep(side: Side, die: number, face: number, keepable: Uint8Array): boolean {
    if (keepable[face] !== 1 || (IS_ADVANCED[face] === 1 && this.markOf(side, die) === Mark.star)) return false;
    return this.countFace(side, Where.play, face) < 3;
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

  /** The first die of a role in your reserve, or -1. */
  private firstInReserve(role: number): number {
    const p = this.state.player;
    if (p.countRoleAt(Where.reserve, role) === 0) return -1;
    for (let i = p.nextAt(Where.reserve, 0); i >= 0; i = p.nextAt(Where.reserve, i + 1)) if (this.tables.role[p.type[i]] === role) return i;
    return -1;
  }

  /** A die of this role (-1: any) is in the sideboard. */
  private sideboardHas(role: number): boolean {
    const p = this.state.player;
    return role < 0 ? p.countAt(Where.sideboard) > 0 : p.countRoleAt(Where.sideboard, role) > 0;
  }

  /** Ring (3 dice, a 4th when all share ink and base) or White Tree (2 improvised dice): sideboard to reserve. Role -1: any. */
  bringIn(role: number, limit: number, fourthWhenSameInk: boolean): void {
    const p = this.state.player;
    const o = this.options;
    this.pickRole = role;
    this.pickInk = -1;
    this.pickFourth = fourthWhenSameInk;
    this.findGroups(Pick.bringIn);
    for (let taken = 0; ; ) {
      this.pickLeft = limit - taken;
      this.listGroups(true);
      if (o.count === 1) break;
      this.view.die = -1;
      this.view.face = -1;
      const pick = this.ask(Decision.bringIn);
      if (o.kind[pick] === OptionKind.done) break;
      const ink = this.tables.ink[p.type[o.aux[pick]]];
      if (this.pickInk >= 0 && ink !== this.pickInk) this.pickFourth = false;
      this.pickInk = ink;
      taken += this.takePicked(pick, Where.reserve);
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
    const special = this.firstInReserve(RoleCode.healing);
    if (special >= 0) {
      this.rollDie(p, special, this.random.streams.player);
      const extra = t.valueAt(p.type[special], p.face[special]);
      amount += extra;
      if (this.log !== null) how += `${how ? ', ' : ''}special Healing die ${extra}`;
      this.spend(p, special);
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
    for (let i = o.nextAt(Where.reserve, 0); i >= 0 && rolled < PREPARATION_DICE; i = o.nextAt(Where.reserve, i + 1)) {
      o.move(i, Where.rolling);
      rolled++;
    }
    this.rollAll(o, Where.rolling, stream);
    if (this.log !== null) this.log.write(`the Opponent rolls ${rolled} action dice: ${this.listAt(o, Where.rolling)}`);
    if (this.readings.glowingEveryRoll || this.state.turn === 0) {
      for (let guard = 0; guard < 50; guard++) {
        const glowing = this.findFace(o, Where.rolling, F.glowing);
        if (glowing < 0 || o.countAt(Where.rolling) < 2) break;
        o.move(glowing, Where.reserve);
        this.rollAll(o, Where.rolling, stream);
        if (this.log !== null) this.log.write(`  the Opponent's glowing die to his reserve; he rerolls: ${this.listAt(o, Where.rolling)}`);
      }
    }
    this.opponentKeeps();
  }

  /** The Opponent's results: Rings act at once, faces he has a use for are kept (up to 3 each), the rest go active. */
  private opponentKeeps(): void {
    const o = this.state.opponent;
    for (let die = o.nextAt(Where.rolling, 0); die >= 0; die = o.nextAt(Where.rolling, die + 1)) {
      const face = this.faceOf(o, die);
      if (face === F.ring) {
        this.spend(o, die);
        this.opponentRing();
      } else o.move(die, this.mayKeep(o, die, face, OPPONENT_KEEPS_FACE) ? Where.play : Where.active);
    }
    if (this.log !== null) this.log.write(`  the Opponent's play area: ${this.listAt(o, Where.play) || 'empty'}`);
  }

  /** The Opponent's Ring: you return 3 dice that came from the sideboard from your reserve to the sideboard. */
  private opponentRing(): void {
    if (this.log !== null) this.log.write(`  the Opponent plays a Ring: you return 3 sideboard dice from your reserve`);
    this.findGroups(Pick.returnDie);
    for (let returned = 0; returned < RING_DICE; ) {
      this.pickLeft = RING_DICE - returned;
      this.listGroups(false);
      if (this.options.count === 0) break;
      this.view.die = -1;
      this.view.face = F.ring;
      returned += this.takePicked(this.ask(Decision.returnDie), Where.sideboard);
    }
  }

  /** Below 7 action dice, the Opponent gets a random die of the easier set (none when the set is empty). */
  private replenishOpponent(): void {
    const o = this.state.opponent;
    if (this.easierTypes.length === 0) return;
    for (let have = o.count - o.countAt(Where.sideboard) - o.countAt(Where.outOfPlay); have < OPPONENT_DICE; have++) {
      const type = this.easierTypes[this.random.streams.opponent.int(this.easierTypes.length)];
      if (o.add(type, Where.reserve) < 0) return;
      if (this.log !== null) this.log.write(`the Opponent is below 7 action dice: he adds ${this.tables.typeNames[type]}`);
    }
  }

  private listAt(side: Side, where: number): string {
    const parts: string[] = [];
    for (let i = side.nextAt(where, 0); i >= 0; i = side.nextAt(where, i + 1)) parts.push(this.tables.faceNames[this.faceOf(side, i)]);
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
    const second = this.findFace(o, Where.play, F.runeStealer, true, first);
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
    const atDoomland = s.routeDoom[next] === 1;
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
    if (!atDoomland) power = t.valueAt(this.typeLandscape, s.routeFace[next]) + sites;
    else {
      power = sites;
      for (let i = 0; i < s.routeLength; i++) power += t.valueAt(this.typeLandscape, s.routeFace[i]);
    }
    if (this.log !== null) this.log.write(`step 3: the ${atDoomland ? 'doomland' : 'normal'} monster's base power is ${power}`);
    if (atDoomland) {
      if (!this.readings.wod) power += this.monsterDie(false);
      else power += this.encounterDie(power);
    }
    // The Opponent's encounter faces, in his order of preference.
    for (let k = 0; k < PREFERENCES.length; k++) {
      const [face, withPortcullis] = PREFERENCES[k];
      const die = this.findFace(o, Where.play, face, withPortcullis);
      if (die < 0) continue;
      const portcullis = withPortcullis ? this.findFace(o, Where.play, F.portcullis, true) : -1;
      if (withPortcullis && portcullis < 0) continue;
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
      const combinable = this.markOf(o, monster) !== Mark.bullet;
      if (this.blocked(monster)) continue;
      power += this.readings.wod ? this.encounterDie(power) : this.monsterDie(combinable);
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
    // After you decide to fight: Magic and Volcano results strengthen the monster (not a second encounter).
    for (let i = o.nextAt(Where.play, 0); i >= 0; i = o.nextAt(Where.play, i + 1)) {
      const face = this.faceOf(o, i);
      if (face === F.magic) {
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
    this.collectCombatDice(power);
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

  /** Roll the monster die; after a Monster result (not a bullet one) the Opponent adds a Full Moon to count it twice. */
  private monsterDie(fullMoonAllowed: boolean): number {
    const o = this.state.opponent;
    const t = this.tables;
    const value = t.valueAt(this.typeMonster, this.roll(this.typeMonster, this.random.streams.opponent));
    let total = value;
    let moon = false;
    if (fullMoonAllowed) {
      const fullMoon = this.findFace(o, Where.play, F.fullMoon, true);
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

  /** Attack points of one result of each weapon, Magic dice included, damage subtracted (for strategies). */
  private baseAttackEstimate(): number {
    const s = this.state;
    return (s.primaryUpgraded ? 3 : 2) + this.primaryBonus + (s.secondaryUpgraded ? 2 : 1) + this.secondaryBonus - s.damage;
  }

  /** Step 3: return a Magic result to roll a Magic die, then perhaps a second (never with a bullet result). */
  useMagic(power: number): void {
    const p = this.state.player;
    const first = this.findFace(p, Where.play, F.magic);
    if (first < 0 || !this.askMagic(first, power)) return;
    const combinable = this.markOf(p, first) !== Mark.bullet;
    this.spend(p, first);
    this.rollMagicDie();
    const second = combinable ? this.findFace(p, Where.play, F.magic, true) : -1;
    if (second < 0 || !this.askMagic(second, power)) return;
    this.spend(p, second);
    this.rollMagicDie();
  }

  private askMagic(die: number, power: number): boolean {
    const o = this.options;
    o.clear();
    o.add(OptionKind.done, 0);
    o.add(OptionKind.choose, 1);
    this.view.power = power;
    this.view.attack = this.baseAttackEstimate();
    this.view.die = die;
    this.view.face = F.magic;
    return o.kind[this.ask(Decision.magic)] === OptionKind.choose;
  }

  /** A Magic die: magic results worth its value, or one weapon (you choose at once) or both weapons stronger. */
  private rollMagicDie(): void {
    const t = this.tables;
    const index = this.roll(this.typeMagic, this.random.streams.combat);
    const face = t.faceAt(this.typeMagic, index);
    const value = t.valueAt(this.typeMagic, index);
    if (face === F.magicValue) this.magicValue = Math.max(this.magicValue, value);
    else if (face === F.weaponsBonus) {
      this.primaryBonus += value;
      this.secondaryBonus += value;
    } else if (face === F.weaponBonus) {
      const o = this.options;
      o.clear();
      o.add(OptionKind.choose, 0);
      o.add(OptionKind.choose, 1);
      this.view.die = -1;
      this.view.face = face;
      if (o.aux[this.ask(Decision.magicWeapon)] === 0) this.primaryBonus += value;
      else this.secondaryBonus += value;
    }
    if (this.log !== null) {
      const effect = face === F.magicValue ? `magic results are worth ${this.magicValue}` : `primary weapon +${this.primaryBonus}, secondary +${this.secondaryBonus}`;
      this.log.write(`  you return a Magic result to roll a Magic die: ${t.describe(this.typeMagic, index)} (${effect})`);
    }
  }

  /** Two Thieving Beasts: you return two results from your play area (Magic first, then Provisions). */
  thievingBeasts(): void {
    const s = this.state;
    const o = s.opponent;
    const p = s.player;
    const first = this.findFace(o, Where.play, F.thievingBeasts, true);
    if (first < 0) return;
    const second = this.findFace(o, Where.play, F.thievingBeasts, true, first);
    if (second < 0) return;
    if (this.log !== null) this.log.write(`  the Opponent plays two Thieving Beasts`);
    const blocked = this.blocked(first);
    this.spend(o, second);
    if (blocked) return;
    for (let k = 0; k < 2; k++) {
      let die = this.findFace(p, Where.play, F.magic);
      if (die < 0) die = this.findFace(p, Where.play, F.provisions);
      if (die < 0) die = p.nextAt(Where.play, 0);
      if (die < 0) break;
      if (this.log !== null) this.log.write(`    your ${this.name(p, die)} goes back to your reserve`);
      p.move(die, Where.reserve);
      this.unchange(p, die);
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

  /** Step 4: the 5 combat dice, special ones from the reserve substituted or added as you choose (decision combatDice). */
  collectCombatDice(power: number): void {
    const p = this.state.player;
    const t = this.tables;
    this.combatCount = 0;
    let substituted = 0;
    for (let pick = this.listCombatDice(substituted, power); pick >= 0; pick = this.listCombatDice(substituted, power)) {
      if (t.role[p.type[pick]] !== RoleCode.combat10) substituted++;
      p.move(pick, Where.combat);
      this.addCombatDie(p.type[pick]);
      if (this.log !== null) this.log.write(`  you use the ${t.typeNames[p.type[pick]]} from your reserve`);
    }
    for (; substituted < COMBAT_DICE; substituted++) this.addCombatDie(this.typeCombat);
    if (this.readings.wod && this.state.characterUpgraded) this.expertDice();
  }

  /** Decision combatDice: one option per special combat die type you may still use (its first die), or done. Returns the die, or -1. */
  private listCombatDice(substituted: number, power: number): number {
    const p = this.state.player;
    const t = this.tables;
    const o = this.options;
    o.clear();
    o.add(OptionKind.done, -1);
    if (p.countRoleAt(Where.reserve, RoleCode.combat12) + p.countRoleAt(Where.reserve, RoleCode.combatSilver) + p.countRoleAt(Where.reserve, RoleCode.combat10) === 0) return -1;
    this.groups = 0;
    for (let type = 0; type < this.typeCount; type++) {
      if (p.countTypeAt(Where.reserve, type) > 0 && this.mayUseCombatDie(t.role[type], substituted)) this.addGroup(p.nextOfType(Where.reserve, type, 0), 1);
    }
    for (let g = 0; g < this.groups; g++) o.add(OptionKind.choose, this.groupFirst[g]);
    if (o.count === 1) return -1;
    this.view.power = power;
    this.view.attack = this.baseAttackEstimate();
    this.view.die = -1;
    this.view.face = -1;
    const pick = this.ask(Decision.combatDice);
    return o.kind[pick] === OptionKind.done ? -1 : o.aux[pick];
  }

  /** 12-sided dice and one silver die substitute for the 5 combat dice; one 10-sided die is a sixth. */
  private mayUseCombatDie(role: number, substituted: number): boolean {
    if (role === RoleCode.combat10) return !this.usesCombatRole(RoleCode.combat10);
    if (role === RoleCode.combatSilver) return substituted < COMBAT_DICE && !this.usesCombatRole(RoleCode.combatSilver);
    return role === RoleCode.combat12 && substituted < COMBAT_DICE;
  }

  private usesCombatRole(role: number): boolean {
    for (let k = 0; k < this.combatCount; k++) if (this.tables.role[this.combatType[k]] === role) return true;
    return false;
  }

  private addCombatDie(type: number): void {
    this.combatType[this.combatCount++] = type;
  }

  /** One fight: roll, burning skulls out, White Trees, the monster's dice, then rerolls until the attack reaches the power. */
  fight(power: number): boolean {
    for (let k = 0; k < this.combatCount; k++) this.combatState[k] = C.roll;
    this.improvisedSeen = 0;
    let monsterDice = this.monsterDice;
    const rolls = this.readings.combatRolls > 0 ? this.readings.combatRolls : 99;
    for (let roll = 1; ; roll++) {
      const line = this.rollCombatDice();
      if (monsterDice > 0) monsterDice = this.monsterCombatDice(monsterDice);
      const attack = this.attack();
      this.lastAttack = attack;
      if (this.log !== null) this.log.write(`  combat roll ${roll}: ${line || 'no dice left'}; attack ${attack} against ${power}`);
      if (attack >= power) return true;
      if (roll === rolls) return false;
      const reroll = this.askReroll(power, attack, rolls - roll);
      if (reroll === 0) return false;
      for (let k = 0; k < this.combatCount; k++) if ((reroll & (1 << k)) !== 0) this.combatState[k] = C.roll;
    }
  }

  /** Roll the dice to roll: burning skulls leave the fight, White Trees roll improvised dice and are rerolled. Returns the log line. */
  private rollCombatDice(): string {
    const t = this.tables;
    const stream = this.random.streams.combat;
    let line = '';
    let rolled = 0;
    for (let k = 0; k < this.combatCount; k++) {
      if (this.combatState[k] !== C.roll && this.combatState[k] !== C.cancelled) continue;
      this.combatFace[k] = this.roll(this.combatType[k], stream);
      rolled |= 1 << k;
    }
    for (let k = 0; k < this.combatCount; k++) {
      const rolledNow = (rolled & (1 << k)) !== 0;
      if (rolledNow) {
        let face = t.faceAt(this.combatType[k], this.combatFace[k]);
        for (let guard = 0; guard < 6 && face === F.whiteTree && this.improvise(); guard++) {
          this.combatFace[k] = this.roll(this.combatType[k], stream);
          face = t.faceAt(this.combatType[k], this.combatFace[k]);
        }
        this.combatState[k] = face === F.burningSkull ? C.gone : C.shown;
      }
      if (this.log !== null && (rolledNow || this.combatState[k] === C.shown)) {
        line += `${line ? ', ' : ''}${this.combatState[k] === C.gone ? 'burning skull (die out)' : t.faceNames[t.faceAt(this.combatType[k], this.combatFace[k])]}`;
      }
    }
    return line;
  }

  /** Decision combat: reroll any of the dice left (those the monster cancelled always included), or stop. Returns the slots, 0 to stop. */
  private askReroll(power: number, attack: number, rollsLeft: number): number {
    const t = this.tables;
    const view = this.view.combat;
    let free = 0;
    view.forced = 0;
    view.count = this.combatCount;
    for (let k = 0; k < this.combatCount; k++) {
      const shown = this.combatState[k] === C.shown;
      view.face[k] = shown ? t.faceAt(this.combatType[k], this.combatFace[k]) : -1;
      view.points[k] = shown ? this.points(this.combatType[k], view.face[k]) : 0;
      if (shown) free |= 1 << k;
      else if (this.combatState[k] === C.cancelled) view.forced |= 1 << k;
    }
    if (free === 0 && view.forced === 0) return 0;
    const o = this.options;
    o.clear();
    o.add(OptionKind.done, 0);
    for (let subset = free; ; subset = (subset - 1) & free) {
      if ((subset | view.forced) !== 0) o.add(OptionKind.reroll, subset | view.forced);
      if (subset === 0) break;
    }
    this.view.power = power;
    this.view.attack = attack;
    this.view.rollsLeft = rollsLeft;
    this.view.die = -1;
    this.view.face = -1;
    const pick = this.ask(Decision.combat);
    return o.kind[pick] === OptionKind.done ? 0 : o.aux[pick];
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
    const die = this.firstInReserve(RoleCode.improvised);
    if (die < 0) return false;
    if (this.whiteTreeBlocked()) return false;
    this.rollDie(p, die, this.random.streams.combat);
    const face = t.faceAt(p.type[die], p.face[die]);
    const bit = face === F.axe ? 1 : face === F.sword ? 2 : face === F.bow ? 4 : 0;
    if (bit !== 0 && (this.improvisedSeen & bit) === 0) {
      this.improvisedSeen |= bit;
      p.move(die, Where.combat); // used for an attack point: to the sideboard after the encounters
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

  /** [WOD] The 3 expert combat dice of an upgraded character: each matching weapon result makes that weapon worth 1 more. */
  private expertDice(): void {
    const s = this.state;
    const t = this.tables;
    const stream = this.random.streams.combat;
    for (let d = 0; d < EXPERT_DICE; d++) {
      let face = t.faceAt(this.typeExpert, this.roll(this.typeExpert, stream));
      if (face === F.burningSkull) continue;
      if ((face === F.axe || face === F.sword || face === F.bow) && face !== s.primary && face !== s.secondary) face = t.faceAt(this.typeExpert, this.roll(this.typeExpert, stream));
      if (face === s.primary) this.primaryBonus++;
      else if (face === s.secondary) this.secondaryBonus++;
    }
    if (this.log !== null) this.log.write(`  expert combat dice: primary weapon +${this.primaryBonus}, secondary +${this.secondaryBonus}`);
  }

  /** After the encounter(s): special combat dice back (10-sided and used improvised dice to the sideboard). */
  private returnCombatDice(): void {
    const p = this.state.player;
    const t = this.tables;
    for (let i = p.nextAt(Where.combat, 0); i >= 0; i = p.nextAt(Where.combat, i + 1)) {
      const role = t.role[p.type[i]];
      p.move(i, role === RoleCode.combat10 || role === RoleCode.improvised ? Where.sideboard : Where.reserve);
    }
  }

  // ---- Steps 5 to 8 --------------------------------------------------------------------------------------------

  /** Step 5: roll the active area; each discovery lets you roll a rune die. */
  treasure(): void {
    const s = this.state;
    const p = s.player;
    const stream = this.random.streams.player;
    let discoveries = 0;
    for (let i = p.nextAt(Where.active, 0); i >= 0; i = p.nextAt(Where.active, i + 1)) {
      this.rollDie(p, i, stream);
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
    const special = this.firstInReserve(RoleCode.specialRune);
    let face: number;
    if (special >= 0) {
      type = p.type[special];
      this.rollDie(p, special, this.random.streams.player);
      face = p.code[special];
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
    const n = p.moveAll(Where.active, Where.rolling);
    this.rollAll(p, Where.rolling, this.random.streams.player);
    if (this.log !== null) this.log.write(`step 7: you roll your ${n} active dice: ${this.listAt(p, Where.rolling) || 'none'}`);
    this.assignRolled();
    o.moveAll(Where.active, Where.rolling);
    this.rollAll(o, Where.rolling, this.random.streams.opponent);
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
  side.moveAll(Where.active, Where.reserve);
  side.moveAll(Where.rolling, Where.reserve);
}

function popcount(bits: number): number {
  return (bits & 1) + ((bits >> 1) & 1) + ((bits >> 2) & 1);
}
