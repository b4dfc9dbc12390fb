/**
 * The whole state of one game, in flat typed arrays allocated once per engine and reset per game. Each physical
 * action die (or special die of a reserve or sideboard) is an index into a Side: its type, where it is, and the
 * face it shows (an index into its type's faces).
 */

export const Where = { box: 0, reserve: 1, sideboard: 2, play: 3, active: 4, outOfPlay: 5, rolling: 6, combat: 7 } as const;
export const WHERE_NAMES = ['box', 'reserve', 'sideboard', 'play area', 'active area', 'out of play', 'rolling', 'combat'] as const;

export const Status = { playing: 0, won: 1, opponentRunes: 2, damage: 3 } as const;

export const SIDE_CAPACITY = 96;
export const MAX_ROUTE = 4;
export const FACE_CAPACITY = 128;
/** 32-bit words of a per-area bitset of dice. */
const WORDS = SIDE_CAPACITY / 32;

export class Side {
  /** Die types in the content. */
  private readonly types: number;

  constructor(
    /** The role code of each die type (DiceTables.role), for the per-role counts. */
    private readonly roleOfType: Int8Array,
  ) {
    this.types = roleOfType.length;
    this.typeBits = new Int32Array(WHERE_NAMES.length * this.types * WORDS);
    this.inAreaByType = new Uint8Array(WHERE_NAMES.length * this.types);
  }

  count = 0;
  readonly type = new Int16Array(SIDE_CAPACITY);
  /** Where each die is; change it only through move(). */
  readonly where = new Uint8Array(SIDE_CAPACITY);
  /** Face index shown (into the type's faces), or -1; change it only through show(). */
  readonly face = new Int8Array(SIDE_CAPACITY);
  /** A face code the result was changed to (Magic changed to Provisions), or -1; change it only through change(). */
  readonly changed = new Int16Array(SIDE_CAPACITY);
  /** The face code each die shows (its changed face, if any), or -1: kept with face and changed. */
  readonly code = new Int16Array(SIDE_CAPACITY);
  /** Came from the sideboard (for the Opponent's Ring); set it only through add() or markFromSideboard(). */
  readonly fromSideboard = new Uint8Array(SIDE_CAPACITY);
  /** The same as a bitset. */
  private readonly fromSideboardBits = new Int32Array(WORDS);
  /** Results of each face code moved out of play (three of a face: that result may not be used again). */
  readonly outOfPlayFaces = new Uint8Array(FACE_CAPACITY);
  /** Dice in each area (indexed by Where). */
  readonly inArea = new Uint8Array(WHERE_NAMES.length);
  /** Dice in the play area by the face code they show. */
  readonly playCount = new Uint8Array(FACE_CAPACITY);
  /** The dice in each area as bitsets (WORDS words per area), so areas are walked without scanning every die. */
  private readonly areaBits = new Int32Array(WHERE_NAMES.length * WORDS);
  /** The same per area and die type (index (where * types + type) * WORDS), with counts. */
  private readonly typeBits: Int32Array;
  private readonly inAreaByType: Uint8Array;

  /** Become a copy of `other` (the dice as dealt at the set-up, copied for each game instead of dealt again). */
  copyFrom(other: Side): void {
    this.count = other.count;
    this.type.set(other.type);
    this.where.set(other.where);
    this.face.set(other.face);
    this.changed.set(other.changed);
    this.code.set(other.code);
    this.fromSideboard.set(other.fromSideboard);
    this.fromSideboardBits.set(other.fromSideboardBits);
    this.outOfPlayFaces.set(other.outOfPlayFaces);
    this.inArea.set(other.inArea);
    this.playCount.set(other.playCount);
    this.areaBits.set(other.areaBits);
    this.typeBits.set(other.typeBits);
    this.inAreaByType.set(other.inAreaByType);
  }

  add(type: number, where: number): number {
    if (this.count === SIDE_CAPACITY) return -1;
    const i = this.count++;
    this.type[i] = type;
    this.where[i] = where;
    this.face[i] = -1;
    this.changed[i] = -1;
    this.code[i] = -1;
    this.fromSideboard[i] = 0;
    if (where === Where.sideboard) this.markFromSideboard(i);
    this.countArea(i, 1);
    return i;
  }

  move(die: number, where: number): void {
    this.countArea(die, -1);
    this.where[die] = where;
    this.countArea(die, 1);
  }

  /** The die shows face index `face` (face code `code`); a changed face is gone. */
  show(die: number, face: number, code: number): void {
    this.countPlay(die, -1);
    this.face[die] = face;
    this.changed[die] = -1;
    this.code[die] = code;
    this.countPlay(die, 1);
  }

  /** The result is changed to face code `code` (Magic changed to Provisions). */
  change(die: number, code: number): void {
    this.countPlay(die, -1);
    this.changed[die] = code;
    this.code[die] = code;
    this.countPlay(die, 1);
  }

  countAt(where: number): number {
    return this.inArea[where];
  }

  /**
   * The first die at or after `from` in area `where`, or -1. Walk an area in die order
   * with `for (let i = side.nextAt(where, 0); i >= 0; i = side.nextAt(where, i + 1))`; dice moving in or out meanwhile
   * are seen as a scan of every die would see them.
   */
  nextAt(where: number, from: number): number {
    return nextBit(this.areaBits, where * WORDS, this.areaBits, where * WORDS, false, from);
  }

  markFromSideboard(die: number): void {
    this.fromSideboard[die] = 1;
    this.fromSideboardBits[die >>> 5] |= 1 << (die & 31);
  }

  /** The first die that came from the sideboard at or after `from` in an area, or -1. */
  nextFromSideboardAt(where: number, from: number): number {
    return nextBit(this.areaBits, where * WORDS, this.fromSideboardBits, 0, true, from);
  }

  /** The first die of a type at or after `from` in an area, or -1. */
  nextOfType(where: number, type: number, from: number): number {
    const at = (where * this.types + type) * WORDS;
    return nextBit(this.typeBits, at, this.typeBits, at, false, from);
  }

  countTypeAt(where: number, type: number): number {
    return this.inAreaByType[where * this.types + type];
  }

  /** Move every die of area `from` to area `to` (another area); returns how many. */
  moveAll(from: number, to: number): number {
    let moved = 0;
    for (let i = this.nextAt(from, 0); i >= 0; i = this.nextAt(from, i + 1)) {
      this.move(i, to);
      moved++;
    }
    return moved;
  }

  /** Dice of a role (RoleCode) in an area. */
  countRoleAt(where: number, role: number): number {
    let count = 0;
    for (let type = 0; type < this.types; type++) if (this.roleOfType[type] === role) count += this.inAreaByType[where * this.types + type];
    return count;
  }

  /** Count die in (delta 1) or out of (delta -1) its area. */
  private countArea(die: number, delta: number): void {
    const where = this.where[die];
    this.inArea[where] += delta;
    this.areaBits[where * WORDS + (die >>> 5)] ^= 1 << (die & 31);
    const byType = where * this.types + this.type[die];
    this.inAreaByType[byType] += delta;
    this.typeBits[byType * WORDS + (die >>> 5)] ^= 1 << (die & 31);
    if (where === Where.play && this.code[die] >= 0) this.playCount[this.code[die]] += delta;
  }

  private countPlay(die: number, delta: number): void {
    if (this.where[die] === Where.play && this.code[die] >= 0) this.playCount[this.code[die]] += delta;
  }
}

export class CitiesState {
  status: number = Status.playing;
  turn = 0;
  /** The game's targets (from the settings), for strategies. */
  runesToWin = 6;
  damageLimit = 7;
  /** The Wilds of Doom rules (setting wod): among them, an upgraded character's expert dice. */
  wildsOfDoom = false;
  /** A lost fight or a retreat ends the turn (setting afterLoss=endTurn). */
  lossEndsTurn = true;
  /** 0 dwarf, 1 elf, 2 human. */
  character = 0;
  primary = 0;
  secondary = 0;
  characterUpgraded = false;
  primaryUpgraded = false;
  secondaryUpgraded = false;
  damage = 0;
  damageTaken = 0;
  /** Bit per rune (index into tables.runes). */
  runeBits = 0;
  runes = 0;
  runesCollected = 0;
  runesStolen = 0;
  opponentRunes = 0;
  fightsWon = 0;
  retreats = 0;
  routesCompleted = 0;
  upgradesMade = 0;

  /** The route: start site, landscape dice (normal ones first, doomlands at the end), destination site. */
  startFace = 0;
  destinationFace = 0;
  routeLength = 0;
  readonly routeFace = new Int8Array(MAX_ROUTE);
  readonly routeDoom = new Uint8Array(MAX_ROUTE);
  /** Index of the landscape die the identity die is on; -1 at the start site. */
  position = -1;

  readonly player: Side;
  readonly opponent: Side;

  constructor(roleOfType: Int8Array) {
    this.player = new Side(roleOfType);
    this.opponent = new Side(roleOfType);
  }

  hasRune(index: number): boolean {
    return (this.runeBits & (1 << index)) !== 0;
  }

  /** A new game, with the dice dealt as in `player` and `opponent`. */
  reset(player: Side, opponent: Side): void {
    this.status = Status.playing;
    this.turn = 0;
    this.characterUpgraded = false;
    this.primaryUpgraded = false;
    this.secondaryUpgraded = false;
    this.damage = 0;
    this.damageTaken = 0;
    this.runeBits = 0;
    this.runes = 0;
    this.runesCollected = 0;
    this.runesStolen = 0;
    this.opponentRunes = 0;
    this.fightsWon = 0;
    this.retreats = 0;
    this.routesCompleted = 0;
    this.upgradesMade = 0;
    this.routeLength = 0;
    this.position = -1;
    this.player.copyFrom(player);
    this.opponent.copyFrom(opponent);
  }
}

/**
 * The first bit at or after `from` set in either (or, when `both`, in both) of two WORDS-word bitsets (`a` from word
 * `aAt`, `b` from word `bAt`), or -1.
 */
function nextBit(a: Int32Array, aAt: number, b: Int32Array, bAt: number, both: boolean, from: number): number {
  let word = from >>> 5;
  if (word >= WORDS) return -1;
  let found = (both ? a[aAt + word] & b[bAt + word] : a[aAt + word] | b[bAt + word]) & (-1 << (from & 31));
  while (found === 0) {
    if (++word === WORDS) return -1;
    found = both ? a[aAt + word] & b[bAt + word] : a[aAt + word] | b[bAt + word];
  }
  return (word << 5) + 31 - Math.clz32(found & -found);
}
