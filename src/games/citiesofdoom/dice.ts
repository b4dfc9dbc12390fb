import { chooseOption } from '../../core/ask.ts';
import { GameRandom, type RandomStream } from '../../core/rng.ts';
import { type CitiesStrategy, CombatView, DECISION_NAMES, type DecisionKind, type DecisionView, OptionList } from './decisions.ts';
import type { Readings } from './readings.ts';
import { CitiesState, type Side, Where } from './state.ts';
import { type DiceTables, F, IS_ADVANCED, Mark, RoleCode } from './tables.ts';
import type { GameLog } from '../../core/game.ts';

/**
 * The table every rule works on: the state, the content's dice tables, the random streams and the log, with the
 * dice operations every step shares — rolling (or reading scripted faces in tests), reading results, spending a used
 * die by its mark — and `ask`, through which every player choice goes. The rules are built on it in layers:
 * `picking.ts` (choosing dice by group), `opponent.ts` (the Opponent's plays), `preparation.ts` (your Steps 1 and 7),
 * `combat.ts` (Magic and Step 4) and `rules.ts` (set-up, the turn, Steps 2 and 5-8).
 */

const STREAMS = ['route', 'player', 'combat', 'opponent', 'strategy'] as const;
/** Combat dice, also rolled to upgrade. */
export const COMBAT_DICE = 5;
/** Dice in a Ring (the Opponent's; yours brings a 4th when all share ink and base). */
export const RING_DICE = 3;

export abstract class CitiesTable {
  readonly state: CitiesState;
  readonly options = new OptionList();
  readonly view: DecisionView;
  readonly random = new GameRandom(STREAMS);
  seed = 0;
  strategy: CitiesStrategy | null = null;
  /** Test seam: face names (or "name value") consumed by the next rolls before any random roll. */
  script: string[] = [];
  protected scriptAt = 0;

  /** The die type of each common role. */
  protected readonly typeCombat: number;
  protected readonly typeRune: number;
  protected readonly typeMagic: number;
  protected readonly typeMonster: number;
  protected readonly typeLandscape: number;
  protected readonly typeDestination: number;
  protected readonly typeEagle: number;
  protected readonly typeCharacter: number;
  protected readonly typeHealingWod: number;
  protected readonly typeGeneration: number;
  protected readonly typeSpecial: number;
  protected readonly typeMonsterCombat: number;
  protected readonly typeExpert: number;
  /** Die types in the content. */
  protected readonly typeCount: number;

  constructor(
    readonly tables: DiceTables,
    readonly readings: Readings,
    protected readonly log: GameLog | null,
  ) {
    const common = (role: keyof typeof RoleCode) => tables.common[RoleCode[role]];
    this.state = new CitiesState(tables.role);
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
    this.typeCount = tables.typeIds.length;
    this.view = { state: this.state, options: this.options, tables, random: this.random.streams.strategy, die: -1, face: -1, power: 0, attack: 0, toWin: 0, rollsLeft: 0, heal: 0, combat: new CombatView() };
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
  protected rollAll(side: Side, where: number, stream: RandomStream): void {
    for (let i = side.nextAt(where, 0); i >= 0; i = side.nextAt(where, i + 1)) this.rollDie(side, i, stream);
  }

  /** Roll a die of a side: it shows a new face (a changed result is gone). */
  protected rollDie(side: Side, die: number, stream: RandomStream): void {
    const face = this.roll(side.type[die], stream);
    side.show(die, face, this.tables.faceAt(side.type[die], face));
  }

  /** Show a decision the monster's power, and the attack that beats it (combatTie). */
  protected showPower(power: number): void {
    this.view.power = power;
    this.view.toWin = this.attackToWin(power);
  }

  /** The attack that wins a fight against this power: the power itself, or one more when a tie loses. */
  protected attackToWin(power: number): number {
    return this.readings.tieWins ? power : power + 1;
  }

  /** A die leaving an area shows its own face again (a Magic changed to Provisions is Magic again). */
  protected unchange(side: Side, die: number): void {
    if (side.changed[die] >= 0) side.show(die, side.face[die], this.tables.faceAt(side.type[die], side.face[die]));
  }

  protected markOf(side: Side, die: number): number {
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
  protected findFace(side: Side, where: number, face: number, noBullet = false, after = -1): number {
    if (where === Where.play && this.countFace(side, where, face) === 0) return -1;
    for (let i = side.nextAt(where, after + 1); i >= 0; i = side.nextAt(where, i + 1)) {
      if (this.faceOf(side, i) === face && (!noBullet || this.markOf(side, i) !== Mark.bullet)) return i;
    }
    return -1;
  }

  /** Whether a die leaves its area once used: a circle to the sideboard, an X out of play; others stay where they are. */
  protected leavesWhenUsed(side: Side, die: number): boolean {
    const mark = this.markOf(side, die);
    return mark === Mark.circle || mark === Mark.x;
  }

  /** A used die goes back to the reserve, or to the sideboard (circle) or out of play (X). */
  protected spend(side: Side, die: number): void {
    const mark = this.markOf(side, die);
    if (mark === Mark.x) {
      side.outOfPlayFaces[this.faceOf(side, die)]++;
      side.move(die, Where.outOfPlay);
    } else side.move(die, mark === Mark.circle ? Where.sideboard : Where.reserve);
    this.unchange(side, die);
  }

  protected name(side: Side, die: number): string {
    const t = this.tables;
    return `${t.faceNames[this.faceOf(side, die)]} (${t.typeNames[side.type[die]]})`;
  }

  protected listAt(side: Side, where: number): string {
    const parts: string[] = [];
    for (let i = side.nextAt(where, 0); i >= 0; i = side.nextAt(where, i + 1)) parts.push(this.tables.faceNames[this.faceOf(side, i)]);
    return parts.join(', ');
  }

  /** The first die of a role in your reserve, or -1. */
  protected firstInReserve(role: number): number {
    const p = this.state.player;
    if (p.countRoleAt(Where.reserve, role) === 0) return -1;
    for (let i = p.nextAt(Where.reserve, 0); i >= 0; i = p.nextAt(Where.reserve, i + 1)) if (this.tables.role[p.type[i]] === role) return i;
    return -1;
  }

  /** A die of this role (-1: any) is in the sideboard. */
  protected sideboardHas(role: number): boolean {
    const p = this.state.player;
    return role < 0 ? p.countAt(Where.sideboard) > 0 : p.countRoleAt(Where.sideboard, role) > 0;
  }

  /** A result may be kept (up to 3 of a face) when its face is keepable, unless it is a starred advanced result. */
  protected mayKeep(side: Side, die: number, face: number, keepable: Uint8Array): boolean {
    if (keepable[face] !== 1 || (IS_ADVANCED[face] === 1 && this.markOf(side, die) === Mark.star)) return false;
    return this.countFace(side, Where.play, face) < 3;
  }

  // ---- Decisions -----------------------------------------------------------------------------------------------

  /** Ask the strategy to pick one of the listed options; a single option is taken without asking. */
  protected ask(decision: DecisionKind): number {
    const count = this.options.count;
    if (count <= 1) return count - 1;
    const strategy = this.strategy as CitiesStrategy;
    return chooseOption(strategy, decision, this.view, count, DECISION_NAMES[decision], this.seed);
  }

  /** Ask a yes-or-no decision: two options of kinds `first` and `second`, about `die` and `face`. Returns the kind taken. */
  protected askBetween(decision: DecisionKind, first: number, second: number, die: number, face: number): number {
    const o = this.options;
    o.clear();
    o.add(first, 0);
    o.add(second, 0);
    this.view.die = die;
    this.view.face = face;
    return o.kind[this.ask(decision)];
  }
}
