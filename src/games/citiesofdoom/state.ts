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

export class Side {
  count = 0;
  readonly type = new Int16Array(SIDE_CAPACITY);
  readonly where = new Uint8Array(SIDE_CAPACITY);
  /** Face index shown (into the type's faces), or -1. */
  readonly face = new Int8Array(SIDE_CAPACITY);
  /** A face code the result was changed to (Magic changed to Provisions), or -1. */
  readonly changed = new Int16Array(SIDE_CAPACITY);
  /** Came from the sideboard (for the Opponent's Ring). */
  readonly fromSideboard = new Uint8Array(SIDE_CAPACITY);
  /** Results of each face code moved out of play (three of a face: that result may not be used again). */
  readonly outOfPlayFaces = new Uint8Array(FACE_CAPACITY);

  reset(): void {
    this.count = 0;
    this.outOfPlayFaces.fill(0);
  }

  add(type: number, where: number): number {
    if (this.count === SIDE_CAPACITY) return -1;
    const i = this.count++;
    this.type[i] = type;
    this.where[i] = where;
    this.face[i] = -1;
    this.changed[i] = -1;
    this.fromSideboard[i] = where === Where.sideboard ? 1 : 0;
    return i;
  }

  countAt(where: number): number {
    let n = 0;
    for (let i = 0; i < this.count; i++) if (this.where[i] === where) n++;
    return n;
  }
}

export class CitiesState {
  status: number = Status.playing;
  turn = 0;
  /** The game's targets (from the settings), for strategies. */
  runesToWin = 6;
  damageLimit = 7;
  /** 0 dwarf, 1 elf, 2 human. */
  character = 0;
  primary = 0;
  secondary = 0;
  characterUpgraded = false;
  primaryUpgraded = false;
  secondaryUpgraded = false;
  damage = 0;
  damageTaken = 0;
  healed = 0;
  /** Bit per rune (index into tables.runes). */
  runeBits = 0;
  runes = 0;
  runesCollected = 0;
  runesStolen = 0;
  opponentRunes = 0;
  fightsWon = 0;
  fightsLost = 0;
  retreats = 0;
  routesCompleted = 0;
  upgradesMade = 0;

  /** The route: start site, landscape dice (normal ones first, doomlands at the end), destination site. */
  startType = 0;
  startFace = 0;
  destinationFace = 0;
  routeLength = 0;
  readonly routeFace = new Int8Array(MAX_ROUTE);
  readonly routeDoom = new Uint8Array(MAX_ROUTE);
  /** Index of the landscape die the identity die is on; -1 at the start site. */
  position = -1;

  readonly player = new Side();
  readonly opponent = new Side();

  hasRune(index: number): boolean {
    return (this.runeBits & (1 << index)) !== 0;
  }

  reset(): void {
    this.status = Status.playing;
    this.turn = 0;
    this.characterUpgraded = false;
    this.primaryUpgraded = false;
    this.secondaryUpgraded = false;
    this.damage = 0;
    this.damageTaken = 0;
    this.healed = 0;
    this.runeBits = 0;
    this.runes = 0;
    this.runesCollected = 0;
    this.runesStolen = 0;
    this.opponentRunes = 0;
    this.fightsWon = 0;
    this.fightsLost = 0;
    this.retreats = 0;
    this.routesCompleted = 0;
    this.upgradesMade = 0;
    this.routeLength = 0;
    this.position = -1;
    this.player.reset();
    this.opponent.reset();
  }
}
