import { z } from 'zod';
import { refuseDuplicates } from '../../core/content-checks.ts';
import type { ContentSpec, Provenance } from '../../core/game.ts';

/**
 * The content file of Dicemaster: Cities of Doom (solo mode against the automated Opponent): every die type as data
 * (its faces, each with an optional number and a lower-left mark), the player's starting reserve, the named
 * 25-die sideboards, the Opponent's dice and the estimated effects of the Opponent's encounter faces. The printed
 * face lists are not public, so every entry says where it comes from ("printed" or "estimated"; see RULES.md).
 */

export const SOURCES = ['printed', 'rulebook', 'estimated'] as const;

/** What a die type is used for. Each common role needs exactly one die type in the file. */
export const ROLES = [
  'action',
  'combat',
  'combat12',
  'combatSilver',
  'combat10',
  'improvised',
  'healing',
  'specialRune',
  'rune',
  'magic',
  'monster',
  'landscape',
  'destination',
  'eagle',
  'character',
  'healingWod',
  'encounterGeneration',
  'specialEncounter',
  'monsterCombat',
  'expertCombat',
] as const;
export type Role = (typeof ROLES)[number];
/** Roles a die may have to sit in a reserve or sideboard. */
export const POOL_ROLES: readonly Role[] = ['action', 'combat12', 'combatSilver', 'combat10', 'improvised', 'healing', 'specialRune'];
/** Roles of which the game uses one fixed die type (common dice, the player's normal dice): all the others. */
export const COMMON_ROLES: readonly Role[] = ROLES.filter((role) => !POOL_ROLES.includes(role));

/**
 * Face names with a meaning to the engine. Landscape, destination and rune faces may have any other name (the
 * name is their identity); numbered faces carry `value`.
 */
export const ACTION_FACES = [
  'blank',
  'glowing',
  'magic',
  'provisions',
  'monster',
  'weaponry',
  'ring',
  'whiteTree',
  'discovery',
  'portcullis',
  'runeStealer',
  'volcano',
  'fullMoon',
  'greatTroll',
  'massedCreatures',
  'doubleEncounter',
  'twinMonsters',
  'snakeAttack',
  'necromancer',
  'hillDetour',
  'thievingBeasts',
] as const;
export const COMBAT_FACES = ['axe', 'sword', 'bow', 'burningSkull', 'spider'] as const;
export const OTHER_FACES = ['magicValue', 'weaponBonus', 'weaponsBonus', 'eagle', 'dwarf', 'elf', 'human', 'wild', 'power', 'choice', 'block', 'heal'] as const;
/** The Opponent's encounter faces, in his order of preference (Step 3), whose effect the file states. */
export const ENCOUNTER_FACES = ['greatTroll', 'massedCreatures', 'doubleEncounter', 'twinMonsters', 'snakeAttack', 'necromancer'] as const;

const faceName = z.string().min(1).max(32);
const face = z.union([
  faceName,
  z
    .object({
      face: faceName,
      value: z.number().int().min(0).max(30).optional(),
      /** Lower-left mark: circle (to the sideboard after use), x (out of play after use), bullet (never combined), star. */
      mark: z.enum(['circle', 'x', 'bullet', 'star']).optional(),
    })
    .strict(),
]);

const dieType = z
  .object({
    id: z.string().regex(/^[a-z0-9][a-z0-9-]*$/, 'lower-case letters, digits and dashes'),
    name: z.string().min(1),
    role: z.enum(ROLES),
    /** Inking colour and base: a Ring brings in 4 dice instead of 3 when they all share it. */
    ink: z.string().default('plain'),
    faces: z.array(face).min(2).max(20),
    source: z.enum(SOURCES),
    note: z.string().optional(),
  })
  .strict();

const diceCount = z.record(z.string(), z.number().int().min(0).max(25));

const sideboard = z
  .object({ name: z.string().regex(/^[a-z0-9][a-z0-9-]*$/), description: z.string().default(''), dice: diceCount, source: z.enum(SOURCES) })
  .strict();

const encounterEffect = z
  .object({
    /** Added to the monster's power. */
    power: z.number().int().min(0).max(20).default(0),
    /** A second encounter of this power (0 = none; -1 = the same base power as the first). */
    second: z.number().int().min(-1).max(30).default(0),
    source: z.enum(SOURCES),
    note: z.string().optional(),
  })
  .strict();

export const citiesofdoomContentSchema = z
  .object({
    game: z.literal('citiesofdoom'),
    description: z.string().optional(),
    dice: z.array(dieType).min(1),
    /** The action dice of the player's starting reserve (10 white and 5 others in the rulebook). */
    reserve: diceCount,
    sideboards: z.array(sideboard).min(1),
    opponent: z
      .object({
        dice: diceCount,
        /** Die types a replacement is drawn from (at random) when the Opponent falls below 7 action dice; empty = none. */
        easier: z.array(z.string()).default([]),
        source: z.enum(SOURCES),
      })
      .strict(),
    encounters: z.object(Object.fromEntries(ENCOUNTER_FACES.map((name) => [name, encounterEffect])) as Record<(typeof ENCOUNTER_FACES)[number], typeof encounterEffect>).strict(),
  })
  .strict()
  .superRefine((c, ctx) => {
    const issue = (message: string) => ctx.addIssue({ code: 'custom', message });
    refuseDuplicates(ctx, [['dice', c.dice]], 'id', 'the reserve, the sideboards and the Opponent name dice by id');
    refuseDuplicates(ctx, [['sideboards', c.sideboards]], 'name', 'the sideboard setting names a sideboard');
    const byId = new Map(c.dice.map((d) => [d.id, d]));
    checkCommonRoles(c.dice, issue);
    for (const d of c.dice) checkFaces(d, issue);
    checkRuneDie(c.dice, issue);
    checkCharacterDie(c.dice, issue);
    checkPool('reserve', c.reserve, byId, issue);
    checkOpponent(c.opponent, byId, issue);
    checkSideboards(c.sideboards, byId, issue);
  });

export type CitiesContent = z.infer<typeof citiesofdoomContentSchema>;
type DieType = z.infer<typeof dieType>;
type DiceById = ReadonlyMap<string, DieType>;
/** Reports a problem of the content file. */
type Issue = (message: string) => void;

const KNOWN_FACES = new Set<string>([...ACTION_FACES, ...COMBAT_FACES, ...OTHER_FACES]);
/** Roles whose faces may have any name. */
const FREE_NAME_ROLES: readonly Role[] = ['landscape', 'destination', 'rune', 'specialRune', 'monster', 'healing', 'healingWod'];
/** Roles whose faces all carry a value. */
const NUMBERED_ROLES: readonly Role[] = ['landscape', 'destination', 'monster', 'healing', 'healingWod'];
/** Faces that carry a value on any die. */
const NUMBERED_FACES = ['magicValue', 'power', 'block', 'weaponBonus', 'weaponsBonus'];

function checkCommonRoles(dice: readonly DieType[], issue: Issue): void {
  for (const role of COMMON_ROLES) {
    const n = dice.filter((d) => d.role === role).length;
    if (n !== 1) issue(`exactly one die type must have role "${role}", found ${n}`);
  }
}

/** Every face of the die needs a known name (unless its role names faces freely) and, when numbered, a value. */
function checkFaces(d: DieType, issue: Issue): void {
  for (const f of d.faces) {
    const entry = typeof f === 'string' ? { face: f, value: undefined } : f;
    if (!FREE_NAME_ROLES.includes(d.role) && !KNOWN_FACES.has(entry.face)) issue(`die "${d.id}": unknown face "${entry.face}"`);
    const needsValue = NUMBERED_ROLES.includes(d.role) || NUMBERED_FACES.includes(entry.face);
    if (needsValue && entry.value === undefined) issue(`die "${d.id}": face "${entry.face}" needs a value`);
  }
}

function checkRuneDie(dice: readonly DieType[], issue: Issue): void {
  const rune = dice.find((d) => d.role === 'rune');
  if (rune === undefined) return;
  const names = new Set(faceNames(rune).filter((n) => n !== 'wild'));
  if (names.size < 6) issue(`the rune die needs at least 6 different runes, has ${names.size}`);
}

function checkCharacterDie(dice: readonly DieType[], issue: Issue): void {
  const character = dice.find((d) => d.role === 'character');
  if (character === undefined) return;
  const names = new Set(faceNames(character));
  for (const who of ['dwarf', 'elf', 'human']) if (!names.has(who)) issue(`the character die needs a "${who}" face`);
}

function faceNames(d: DieType): string[] {
  return d.faces.map((f) => (typeof f === 'string' ? f : f.face));
}

/** The dice of a reserve, sideboard or the Opponent's pool (`where`) must be known die types with a pool role. */
function checkPool(where: string, dice: Record<string, number>, byId: DiceById, issue: Issue): void {
  for (const id of Object.keys(dice)) {
    const d = byId.get(id);
    if (d === undefined) issue(`${where}: unknown die "${id}"`);
    else if (!POOL_ROLES.includes(d.role)) issue(`${where}: die "${id}" (role ${d.role}) cannot be in a reserve or sideboard`);
  }
}

function checkOpponent(opponent: CitiesContent['opponent'], byId: DiceById, issue: Issue): void {
  checkPool('opponent', opponent.dice, byId, issue);
  for (const id of opponent.easier) if (byId.get(id)?.role !== 'action') issue(`opponent.easier: "${id}" is not an action die`);
  const count = totalDice(opponent.dice);
  if (count < 1 || count > 7) issue(`the Opponent needs 1 to 7 action dice, has ${count}`);
}

/** Sideboards: 25 dice of pool roles, at most one silver (or gold-printed) combat die. */
function checkSideboards(sideboards: CitiesContent['sideboards'], byId: DiceById, issue: Issue): void {
  for (const s of sideboards) {
    checkPool(`sideboard ${s.name}`, s.dice, byId, issue);
    const total = totalDice(s.dice);
    if (total !== 25) issue(`sideboard ${s.name} must hold 25 dice, holds ${total}`);
    const silver = Object.entries(s.dice).filter(([id]) => byId.get(id)?.role === 'combatSilver').reduce((a, [, n]) => a + n, 0);
    if (silver > 1) issue(`sideboard ${s.name} may hold only 1 silver or gold-printed 6-sided combat die, holds ${silver}`);
  }
}

function totalDice(dice: Record<string, number>): number {
  return Object.values(dice).reduce((a, b) => a + b, 0);
}

/** Provenance by die type, plus the sideboards, the Opponent's set-up and the encounter effects. */
export function provenance(content: CitiesContent): Provenance {
  const bySource: Record<string, number> = {};
  const entries: { source: string }[] = [...content.dice, ...content.sideboards, content.opponent, ...Object.values(content.encounters)];
  for (const entry of entries) bySource[entry.source] = (bySource[entry.source] ?? 0) + 1;
  return { cards: entries.length, bySource };
}

export const citiesofdoomContent: ContentSpec<CitiesContent> = {
  schema: citiesofdoomContentSchema as unknown as ContentSpec<CitiesContent>['schema'],
  defaultFile: 'content/citiesofdoom/base.json',
  provenance,
};
