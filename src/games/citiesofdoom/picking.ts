import { Decision, OptionKind } from './decisions.ts';
import { CitiesTable, RING_DICE } from './dice.ts';
import type { Readings } from './readings.ts';
import { SIDE_CAPACITY, Where } from './state.ts';
import { type DiceTables, F, RoleCode } from './tables.ts';
import type { GameLog } from '../../core/game.ts';

/**
 * Choosing dice: the decisions select (Step 1: up to 7 action dice to roll), bringIn (a Ring or White Tree: dice from
 * the sideboard) and returnDie (the Opponent's Ring: dice back to the sideboard). Each offers one option per group of
 * identical dice (a die type; in the play area, a type and face) and count, and is asked again until enough dice are
 * taken or you stop. The groups are found once per decision and kept up to date as dice are taken.
 */

/** The decisions that pick dice, one group and count at a time. */
const Pick = { select: 0, bringIn: 1, returnDie: 2 } as const;
/** Action dice rolled in Step 1 (and the set-up). */
export const PREPARATION_DICE = 7;

export abstract class DicePicking extends CitiesTable {
  // Which decision, how many dice may still be picked, bringIn's role and ink rule (a 4th die when all share the ink
  // of pickInk), and the groups of identical dice found.
  private picking: number = Pick.select;
  private pickLeft = 0;
  private pickRole = -1;
  private pickInk = -1;
  private pickFourth = false;
  /** Per group key (groupOf), for grouping dice one by one: a stamp, the first die and the count. */
  private readonly keySeen: Int32Array;
  private readonly keyFirst: Int16Array;
  private readonly keyCount: Int16Array;
  private readonly keyOrder = new Int32Array(SIDE_CAPACITY);
  private keyStamp = 0;
  /** The groups of pickable dice, in die order: each group's first die and size. */
  protected groups = 0;
  protected readonly groupFirst = new Int16Array(SIDE_CAPACITY);
  private readonly groupSize = new Int16Array(SIDE_CAPACITY);

  constructor(tables: DiceTables, readings: Readings, log: GameLog | null) {
    super(tables, readings, log);
    this.keySeen = new Int32Array(this.typeCount * (tables.faceNames.length + 1));
    this.keyFirst = new Int16Array(this.keySeen.length);
    this.keyCount = new Int16Array(this.keySeen.length);
  }

  /** Select up to 7 action dice from the reserve or the play area (decision select); they move to the rolling area. */
  protected selectDice(): number {
    this.findGroups(Pick.select);
    return this.pickDice(Decision.select, PREPARATION_DICE, Where.rolling, true, -1);
  }

  /** Ring (3 dice, a 4th when all share ink and base) or White Tree (2 improvised dice): sideboard to reserve. Role -1: any. */
  bringIn(role: number, limit: number, fourthWhenSameInk: boolean): void {
    this.pickRole = role;
    this.pickInk = -1;
    this.pickFourth = fourthWhenSameInk;
    this.findGroups(Pick.bringIn);
    this.pickDice(Decision.bringIn, limit, Where.reserve, true, -1);
  }

  /** The Opponent's Ring: you return 3 dice that came from the sideboard from your reserve to the sideboard. */
  protected returnToSideboard(): void {
    this.findGroups(Pick.returnDie);
    this.pickDice(Decision.returnDie, RING_DICE, Where.sideboard, false, F.ring);
  }

  /**
   * Ask `decision` until `limit` dice of the groups found are taken (and moved to `to`), none is left or, when
   * `mayStop`, the strategy stops. Returns how many were taken.
   */
  private pickDice(decision: typeof Decision.select | typeof Decision.bringIn | typeof Decision.returnDie, limit: number, to: number, mayStop: boolean, face: number): number {
    const o = this.options;
    let taken = 0;
    for (;;) {
      this.pickLeft = limit - taken;
      this.listGroups(mayStop);
      if (o.count === (mayStop ? 1 : 0)) break;
      this.view.die = -1;
      this.view.face = face;
      const pick = this.ask(decision);
      if (o.kind[pick] === OptionKind.done) break;
      taken += this.takePicked(pick, to);
    }
    return taken;
  }

  /** A Ring's 4th die is allowed only while every die brought in shares one ink. */
  private noteInk(type: number): void {
    const ink = this.tables.ink[type];
    if (this.pickInk >= 0 && ink !== this.pickInk) this.pickFourth = false;
    this.pickInk = ink;
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
  protected addGroup(first: number, size: number): void {
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
    if (this.picking === Pick.bringIn) this.noteInk(p.type[first]);
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
}
