import { InputError } from '../../core/errors.ts';
import { ACTION_FACES, COMBAT_FACES, type CitiesContent, ENCOUNTER_FACES, OTHER_FACES, type Role, ROLES } from './content.ts';

/**
 * The content compiled to flat tables: every face name gets a small integer code (the fixed vocabulary first, then
 * landscape, destination and rune names in file order), every die type a row of face codes, values and marks.
 */

const FIXED = [...ACTION_FACES, ...COMBAT_FACES, ...OTHER_FACES] as const;
type FixedFace = (typeof FIXED)[number];
/** Face codes of the fixed vocabulary. */
export const F = Object.fromEntries(FIXED.map((name, code) => [name, code])) as Record<FixedFace, number>;
export const Mark = { none: 0, circle: 1, x: 2, bullet: 3, star: 4 } as const;
const MARKS = ['none', 'circle', 'x', 'bullet', 'star'] as const;
export const RoleCode = Object.fromEntries(ROLES.map((name, code) => [name, code])) as Record<Role, number>;

/** Advanced results the player may keep; with a star in the lower left corner they may not be kept (set-up). */
const ADVANCED_KEEPABLE = [F.runeStealer, F.volcano, F.fullMoon, F.greatTroll, F.massedCreatures, F.necromancer, F.doubleEncounter, F.twinMonsters, F.snakeAttack, F.hillDetour, F.thievingBeasts];
/** Faces the player may keep in the play area (up to 3 each), Step 1; Portcullis is left out as the rules say. */
export const KEEPABLE = [F.magic, F.provisions, F.monster, ...ADVANCED_KEEPABLE];
/** Faces the Opponent keeps in his play area (up to 3 each); Ring acts at once, the rest go to his active area. */
export const OPPONENT_KEEPS = [F.weaponry, F.magic, F.provisions, F.monster, F.whiteTree, F.portcullis, ...ADVANCED_KEEPABLE];
/** KEEPABLE, OPPONENT_KEEPS and the advanced results as lookup tables by face code. */
export const IS_KEEPABLE = new Uint8Array(256);
export const OPPONENT_KEEPS_FACE = new Uint8Array(256);
export const IS_ADVANCED = new Uint8Array(256);
for (const face of KEEPABLE) IS_KEEPABLE[face] = 1;
for (const face of OPPONENT_KEEPS) OPPONENT_KEEPS_FACE[face] = 1;
for (const face of [...ADVANCED_KEEPABLE, F.portcullis]) IS_ADVANCED[face] = 1;
export const CHARACTERS = ['dwarf', 'elf', 'human'] as const;
/** Primary and secondary weapon of each character. */
export const CHARACTER_WEAPONS: readonly (readonly [number, number])[] = [
  [F.axe, F.sword],
  [F.bow, F.axe],
  [F.sword, F.bow],
];

export class DiceTables {
  readonly faceNames: string[] = [...FIXED];
  private readonly codes = new Map<string, number>(FIXED.map((name, code) => [name, code]));
  readonly typeIds: string[];
  readonly typeNames: string[];
  readonly role: Int8Array;
  readonly ink: Int16Array;
  readonly sides: Int8Array;
  /** Per type, MAX_SIDES entries each. */
  readonly face: Int16Array;
  readonly value: Int16Array;
  readonly mark: Int8Array;
  /** The die type of each common role, or -1. */
  readonly common: Int16Array;
  /** Rune face codes (the normal rune die's faces without "wild"), in order. */
  readonly runes: number[];
  /** Encounter effects per face code (power, second), for the faces of ENCOUNTER_FACES; 0 elsewhere. */
  readonly encounterPower: Int16Array;
  readonly encounterSecond: Int16Array;
  static readonly MAX_SIDES = 20;

  constructor(readonly content: CitiesContent) {
    const dice = content.dice;
    const max = DiceTables.MAX_SIDES;
    this.typeIds = dice.map((d) => d.id);
    this.typeNames = dice.map((d) => d.name);
    this.role = Int8Array.from(dice.map((d) => RoleCode[d.role]));
    const inks = [...new Set(dice.map((d) => d.ink))];
    this.ink = Int16Array.from(dice.map((d) => inks.indexOf(d.ink)));
    this.sides = Int8Array.from(dice.map((d) => d.faces.length));
    this.face = new Int16Array(dice.length * max);
    this.value = new Int16Array(dice.length * max);
    this.mark = new Int8Array(dice.length * max);
    dice.forEach((d, t) => {
      d.faces.forEach((f, i) => {
        const entry = typeof f === 'string' ? { face: f, value: undefined, mark: undefined } : f;
        this.face[t * max + i] = this.code(entry.face);
        this.value[t * max + i] = entry.value ?? 0;
        this.mark[t * max + i] = MARKS.indexOf(entry.mark ?? 'none');
      });
    });
    this.common = new Int16Array(ROLES.length).fill(-1);
    dice.forEach((d, t) => {
      if (this.common[RoleCode[d.role]] < 0) this.common[RoleCode[d.role]] = t;
    });
    const runeType = this.common[RoleCode.rune];
    this.runes = [];
    for (let i = 0; i < this.sides[runeType]; i++) {
      const code = this.face[runeType * max + i];
      if (code !== F.wild && !this.runes.includes(code)) this.runes.push(code);
    }
    this.encounterPower = new Int16Array(this.faceNames.length + 1);
    this.encounterSecond = new Int16Array(this.faceNames.length + 1);
    for (const name of ENCOUNTER_FACES) {
      this.encounterPower[F[name]] = content.encounters[name].power;
      this.encounterSecond[F[name]] = content.encounters[name].second;
    }
  }

  private code(name: string): number {
    let code = this.codes.get(name);
    if (code === undefined) {
      code = this.faceNames.length;
      this.faceNames.push(name);
      this.codes.set(name, code);
    }
    return code;
  }

  /** The code of a face name, for tests and scripts; throws on an unknown name. */
  faceCode(name: string): number {
    const code = this.codes.get(name);
    if (code === undefined) throw new Error(`unknown face "${name}"`);
    return code;
  }

  typeOf(id: string): number {
    const t = this.typeIds.indexOf(id);
    if (t < 0) throw new InputError(`unknown die "${id}"`);
    return t;
  }

  faceAt(type: number, index: number): number {
    return this.face[type * DiceTables.MAX_SIDES + index];
  }

  valueAt(type: number, index: number): number {
    return this.value[type * DiceTables.MAX_SIDES + index];
  }

  markAt(type: number, index: number): number {
    return this.mark[type * DiceTables.MAX_SIDES + index];
  }

  /** "name" or "name 3" for numbered faces. */
  describe(type: number, index: number): string {
    const name = this.faceNames[this.faceAt(type, index)];
    const value = this.valueAt(type, index);
    return value !== 0 ? `${name} ${value}` : name;
  }
}
