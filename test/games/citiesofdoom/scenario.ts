import { readFileSync } from 'node:fs';
import { afterEach } from 'vitest';
import { OutcomeRecord } from '../../../src/core/game.ts';
import { type CitiesContent, citiesofdoomContentSchema } from '../../../src/games/citiesofdoom/content.ts';
import { type CitiesStrategy, DECISION_NAMES, type DecisionKind, type DecisionView, OptionKind } from '../../../src/games/citiesofdoom/decisions.ts';
import citiesofdoom, { readingsOf } from '../../../src/games/citiesofdoom/index.ts';
import { resolveSettings } from '../../../src/sim/settings.ts';
import { CitiesRules } from '../../../src/games/citiesofdoom/rules.ts';
import { type CitiesState, type Side, Where, WHERE_NAMES } from '../../../src/games/citiesofdoom/state.ts';
import { DiceTables } from '../../../src/games/citiesofdoom/tables.ts';
import { heuristicChoice } from '../../../strategies/citiesofdoom/heuristic.ts';
import { isOptional } from '../../fixtures/optional.ts';

/**
 * Scenario tests: a real game set up from a seed (or from scripted dice), then arranged (dice placed in the reserves,
 * play and active areas with chosen faces), and one step of the rules run with scripted dice and scripted answers,
 * read from the state and the log.
 */

export const content: CitiesContent = citiesofdoomContentSchema.parse(JSON.parse(readFileSync(new URL('../../../content/citiesofdoom/base.json', import.meta.url), 'utf8')));

/** A scripted answer: the index of the option to take. */
export type Answer = (view: DecisionView) => number;

export { optional } from '../../fixtures/optional.ts';

/** The answers and how far each decision's list was used, of every scripted strategy made since the last check. */
const scriptsInPlay: { answers: Partial<Record<DecisionKind, Answer[]>>; next: Partial<Record<number, number>> }[] = [];

/** Answers per decision, in order; decisions without (or past their) answers fall back to the heuristic. */
export function scripted(answers: Partial<Record<DecisionKind, Answer[]>> = {}, asked: DecisionKind[] = []): CitiesStrategy {
  const next: Partial<Record<number, number>> = {};
  scriptsInPlay.push({ answers, next });
  return {
    name: 'scripted',
    choose(decision, view) {
      asked.push(decision);
      const list = answers[decision];
      const at = next[decision] ?? 0;
      if (list !== undefined && at < list.length) {
        next[decision] = at + 1;
        return list[at](view);
      }
      return heuristicChoice(decision, view);
    },
  };
}

/**
 * Every test of a file that uses these scenarios fails when a scripted strategy it made left answers not marked
 * optional() unused (registered here, so that no test file can forget it).
 */
afterEach(expectScriptsUsed);

function expectScriptsUsed(): void {
  const unused = scriptsInPlay.flatMap(({ answers, next }) =>
    Object.entries(answers).flatMap(([decision, list]) => {
      const left = (list ?? []).slice(next[Number(decision)] ?? 0).filter((answer) => !isOptional(answer)).length;
      return left > 0 ? [`${left} ${DECISION_NAMES[Number(decision)]} answer(s)`] : [];
    }),
  );
  scriptsInPlay.length = 0;
  if (unused.length > 0) throw new Error(`the test left scripted answers unused: ${unused.join(', ')} (mark padding with optional())`);
}

export interface Table {
  readonly rules: CitiesRules;
  readonly log: string[];
  readonly tables: DiceTables;
}

/**
 * A game after set-up (seeded, or with the set-up's rolls scripted), then `arrange`d; no turn played yet.
 * `setupScript` replaces the set-up's rolls (the route, the character die, the 7 preparation dice, the Opponent's).
 */
export function table(settings: Record<string, string | number | boolean> = {}, strategy: CitiesStrategy = scripted(), seed = 1, setupScript: string[] = []): Table {
  const tables = new DiceTables(content);
  const log: string[] = [];
  const rules = new CitiesRules(tables, readingsOf(resolveSettings(citiesofdoom as never, settings, 'test'), content), { write: (line) => log.push(line) });
  rules.script = setupScript;
  rules.playGame(seed, strategy, new OutcomeRecord(7), undefined, 0);
  rules.script = [];
  return { rules, log, tables };
}

/** A dwarf with no dice but those given, on a route town(1) -> forest(1), plains(0), hills(1)*, hills(1)* -> city(1). */
export function arena(settings: Record<string, string | number | boolean> = {}, answers: Parameters<typeof scripted>[0] = {}, asked: number[] = []): Table {
  const t = table({ character: 'dwarf', ...settings }, scripted(answers, asked as never), 1, ['town', 'hills', 'forest', 'hills', 'plains', 'city']);
  emptySide(t.rules.state.player);
  emptySide(t.rules.state.opponent);
  untrained(t.rules.state);
  t.log.length = 0;
  return t;
}

/** Your side and the Opponent's. */
export const me = (t: Table): Side => t.rules.state.player;
export const opp = (t: Table): Side => t.rules.state.opponent;

/** Scripted faces for the next rolls (face names, or "name value"). */
export function rolls(t: Table, ...faces: string[]): void {
  t.rules.script = faces;
  (t.rules as unknown as { scriptAt: number }).scriptAt = 0;
}

/** Every die of a side in the play and active areas (and rolling) goes back to the reserve; the sideboard stays. */
export function clearAreas(t: Table, side: Side): void {
  for (let i = 0; i < side.count; i++) {
    if (side.where[i] === Where.play || side.where[i] === Where.active || side.where[i] === Where.rolling) side.move(i, Where.reserve);
    if (side.changed[i] >= 0) side.show(i, side.face[i], t.tables.faceAt(side.type[i], side.face[i]));
  }
}

/** Put a new die of type `id` into `where`, showing `face` (a face name), and return its index. */
export function give(t: Table, side: Side, id: string, where: number, face?: string): number {
  const die = side.add(t.tables.typeOf(id), where);
  if (face !== undefined) showFace(t, side, die, face);
  return die;
}

/** Turn a side's die to show `face` (a face name of its type). */
export function showFace(t: Table, side: Side, die: number, face: string): void {
  const type = side.type[die];
  let index = -1;
  for (let i = 0; i < t.tables.sides[type]; i++) if (t.tables.faceNames[t.tables.faceAt(type, i)] === face) index = i;
  if (index < 0) throw new Error(`no face ${face} on ${t.tables.typeIds[type]}`);
  side.show(die, index, t.tables.faceAt(type, index));
}

/** Remove every die of a side from the game (they go back in the box), for a clean arrangement. */
export function emptySide(side: Side): void {
  for (let i = 0; i < side.count; i++) side.move(i, Where.box);
}

/** Give every `face` of die type `id` this lower-left mark (each table() has its own tables, so nothing leaks). */
export function markFace(t: Table, id: string, face: string, mark: number): void {
  const type = t.tables.typeOf(id);
  for (let i = 0; i < t.tables.sides[type]; i++) if (t.tables.faceNames[t.tables.faceAt(type, i)] === face) t.tables.mark[type * DiceTables.MAX_SIDES + i] = mark;
}

/** An untrained character with weapons not upgraded (the set-up's preparation may have upgraded them). */
export function untrained(state: CitiesState): void {
  state.characterUpgraded = false;
  state.primaryUpgraded = false;
  state.secondaryUpgraded = false;
}

/** Face names shown in a side's area, in die order. */
export function facesAt(t: Table, side: Side, where: number): string[] {
  const out: string[] = [];
  for (let i = 0; i < side.count; i++) if (side.where[i] === where) out.push(t.tables.faceNames[t.rules.faceOf(side, i)]);
  return out;
}

/** Take the option of this kind (and aux) in the current list. */
export const option =
  (kind: number, aux = -2): Answer =>
  (view) => {
    const index = view.options.find(kind, aux);
    if (index < 0) throw new Error(`no option of kind ${kind} aux ${aux}`);
    return index;
  };

/**
 * The options of a decision that picks your dice (select, bringIn, returnDie), each as "type area x count" (in the play
 * area "type play area face x count", since dice there are grouped by face too), or "done".
 */
export function pickOffers(t: Table, view: DecisionView): string[] {
  const o = view.options;
  return Array.from({ length: o.count }, (_, i) => {
    if (o.kind[i] === OptionKind.done) return 'done';
    const die = o.aux[i];
    const face = o.target[i] === Where.play ? ` ${t.tables.faceNames[t.rules.faceOf(me(t), die)]}` : '';
    return `${t.tables.typeIds[me(t).type[die]]} ${WHERE_NAMES[o.target[i]]}${face} x${o.mode[i]}`;
  });
}

/** Answer a picking decision with the offer named as pickOffers names it, after noting the whole list in `seen`. */
export const takeOffer =
  (t: Table, entry: string, seen: string[][]): Answer =>
  (view) => {
    const offers = pickOffers(t, view);
    seen.push(offers);
    const index = offers.indexOf(entry);
    if (index < 0) throw new Error(`no offer ${entry} in ${offers.join(', ')}`);
    return index;
  };
