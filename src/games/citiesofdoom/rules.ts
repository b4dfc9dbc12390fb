import type { GameLog, OutcomeRecord } from '../../core/game.ts';
import { Combat } from './combat.ts';
import { type CitiesStrategy, Decision, OptionKind } from './decisions.ts';
import type { Readings } from './readings.ts';
import { Side, Status, Where } from './state.ts';
import { CHARACTER_WEAPONS, CHARACTERS, type DiceTables, F, RoleCode } from './tables.ts';

/**
 * Dicemaster: Cities of Doom, solo mode, steps 1 to 8, as written in the rulebook (`RULES.md` says how each unclear
 * rule is read). Every roll is an explicit chance event drawn from a named stream (or, in tests, from a script of
 * face names); every player choice goes through `ask`; the Opponent follows the rulebook's order of preference.
 *
 * This file plays a game: the set-up and the route, then each turn — Step 2 (movement), Steps 3 and 4 (the
 * encounter), Step 5 (treasure), Step 6 (the destination), Step 7 (preparing again) and Step 8. The rules it calls
 * are layered below it: `combat.ts` (Magic, Step 4) on `preparation.ts` (your Steps 1 and 7) on `opponent.ts` (the
 * Opponent's plays) on `picking.ts` (choosing dice) on `dice.ts` (the table and its dice).
 */

const ADVENTURE_DICE = 4;
/** Steps 2-7 rounds in one turn at most (a safety net; a turn ends long before). */
const MAX_STEPS = 40;

export class CitiesRules extends Combat {
  /** The dice as dealt at the set-up: your reserve and sideboard, the Opponent's reserve. */
  private readonly dealtPlayer: Side;
  private readonly dealtOpponent: Side;
  /** The adventure dice as rolled: face index, and whether each became a doomland. */
  private readonly rolledLandscape = new Int16Array(ADVENTURE_DICE);
  private readonly rolledDoom = new Uint8Array(ADVENTURE_DICE);

  constructor(tables: DiceTables, readings: Readings, log: GameLog | null) {
    super(tables, readings, log);
    const deal = (side: Side, dice: Readonly<Record<string, number>>, where: number) => {
      for (const [id, n] of Object.entries(dice)) for (let i = 0; i < n; i++) side.add(tables.typeOf(id), where);
    };
    this.dealtPlayer = new Side(tables.role);
    deal(this.dealtPlayer, tables.content.reserve, Where.reserve);
    deal(this.dealtPlayer, tables.content.sideboards[readings.sideboard].dice, Where.sideboard);
    this.dealtOpponent = new Side(tables.role);
    deal(this.dealtOpponent, tables.content.opponent.dice, Where.reserve);
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

  // ---- Set-up --------------------------------------------------------------------------------------------------

  private setUp(): void {
    const s = this.state;
    const t = this.tables;
    s.reset(this.dealtPlayer, this.dealtOpponent);
    s.runesToWin = this.readings.runes;
    s.damageLimit = this.readings.damageLimit;
    s.wildsOfDoom = this.readings.wod;
    s.lossEndsTurn = this.readings.lossEndsTurn;
    const route = this.random.streams.route;
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
    if (this.readings.opponentPreparesAtSetup) this.prepareOpponent();
  }

  /** Roll the adventure dice (duplicates become doomlands at the end) and the next destination die. */
  newRoute(): void {
    const s = this.state;
    const route = this.random.streams.route;
    for (let i = 0; i < ADVENTURE_DICE; i++) this.rolledLandscape[i] = this.roll(this.typeLandscape, route);
    this.markDuplicates();
    this.layRoute();
    s.destinationFace = this.roll(this.typeDestination, route);
    s.position = -1;
    if (this.log !== null) this.logRoute();
  }

  /** Repeated landscapes become doomlands: every copy (doomlands=all) or the copies after the first. */
  private markDuplicates(): void {
    for (let i = 0; i < ADVENTURE_DICE; i++) {
      let same = 0;
      let earlier = 0;
      for (let j = 0; j < ADVENTURE_DICE; j++) {
        if (j !== i && this.rolledFace(j) === this.rolledFace(i)) {
          same++;
          if (j < i) earlier++;
        }
      }
      this.rolledDoom[i] = same > 0 && (this.readings.allDuplicatesDoom || earlier > 0) ? 1 : 0;
    }
  }

  /** The landscape face code adventure die i shows. */
  private rolledFace(i: number): number {
    return this.tables.faceAt(this.typeLandscape, this.rolledLandscape[i]);
  }

  /** The route: the normal landscapes in rolled order, then the doomlands. */
  private layRoute(): void {
    const s = this.state;
    let n = 0;
    for (let doom = 0; doom < 2; doom++) {
      for (let i = 0; i < ADVENTURE_DICE; i++) {
        if (this.rolledDoom[i] !== doom) continue;
        s.routeFace[n] = this.rolledLandscape[i];
        s.routeDoom[n] = doom;
        n++;
      }
    }
    s.routeLength = n;
  }

  private logRoute(): void {
    const s = this.state;
    const t = this.tables;
    const parts: string[] = [];
    let doom = 0;
    for (let i = 0; i < s.routeLength; i++) {
      parts.push(`${t.describe(this.typeLandscape, s.routeFace[i])}${s.routeDoom[i] ? ' (doomland)' : ''}`);
      doom += s.routeDoom[i];
    }
    (this.log as GameLog).write(
      `route: ${t.describe(this.typeDestination, s.startFace)} -> ${parts.join(' -> ')} -> ${t.describe(this.typeDestination, s.destinationFace)} (${s.routeLength - doom} landscapes, ${doom} doomlands)`,
    );
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
      if (!this.encounterAndCombat() && (this.readings.lossEndsTurn || s.status !== Status.playing)) break;
      this.treasure();
      if (s.status !== Status.playing) return;
      this.enterDestination();
      if (s.status !== Status.playing) return;
      this.step7();
    }
    if (s.status === Status.playing) this.endTurn();
  }

  /** Step 2: Rune-stealers, your move, the eagles, Hill Detour. Returns false when the turn ends. */
  movement(): boolean {
    this.runeStealers();
    if (!this.askMove() || this.eaglesStopYou()) return false;
    return !this.hillDetour() || this.askMove();
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

  // ---- Steps 3 and 4 -------------------------------------------------------------------------------------------

  /** Step 3, Setting Up the Encounter, and Step 4, Combat. Returns false when the turn ends (retreat, lost fight). */
  encounterAndCombat(): boolean {
    const next = this.state.position + 1;
    this.startEncounter();
    this.startMagic();
    let power = this.basePower(next);
    power = this.playEncounterFace(power);
    power = this.playMonsterResults(power);
    if (this.askRetreat(power)) return false;
    power = this.strengthenMonster(power);
    this.useMagic(power);
    if (!this.combat(power)) return false;
    this.winFight(next);
    return true;
  }

  /** The monster's base power at landscape die `next`: its value and the sites', or at a doomland every value and a roll. */
  private basePower(next: number): number {
    const s = this.state;
    const t = this.tables;
    const atDoomland = s.routeDoom[next] === 1;
    const sites = t.valueAt(this.typeDestination, s.startFace) + t.valueAt(this.typeDestination, s.destinationFace);
    let power = 0;
    if (!atDoomland) power = t.valueAt(this.typeLandscape, s.routeFace[next]) + sites;
    else {
      power = sites;
      for (let i = 0; i < s.routeLength; i++) power += t.valueAt(this.typeLandscape, s.routeFace[i]);
    }
    if (this.log !== null) this.log.write(`step 3: the ${atDoomland ? 'doomland' : 'normal'} monster's base power is ${power}`);
    return atDoomland ? power + this.doomlandRoll(power) : power;
  }

  /** Decision retreat (not after a Portcullis): retreating ends the turn. Returns true when you retreat. */
  private askRetreat(power: number): boolean {
    const s = this.state;
    this.showPower(power);
    this.view.attack = this.baseAttackEstimate();
    if (this.noRetreat || this.askBetween(Decision.retreat, OptionKind.done, OptionKind.retreat, -1, -1) !== OptionKind.retreat) return false;
    s.retreats++;
    if (this.log !== null) this.log.write(`  you retreat from power ${power}${this.secondPower > 0 ? ` and a second encounter of ${this.secondPower}` : ''}${this.readings.lossEndsTurn ? ': your turn ends' : ''}`);
    return true;
  }

  /** A won fight moves your identity die to landscape die `next`. */
  private winFight(next: number): void {
    const s = this.state;
    s.fightsWon++;
    s.position = next;
    if (this.log !== null) this.log.write(`  you win: your identity die moves to ${this.tables.describe(this.typeLandscape, s.routeFace[next])}`);
  }

  // ---- Steps 5 to 8 --------------------------------------------------------------------------------------------

  /** Step 5, Treasure Discovery: roll the active area; each discovery lets you roll a rune die. */
  treasure(): void {
    const s = this.state;
    const p = s.player;
    const stream = this.random.streams.player;
    this.rollAll(p, Where.active, stream);
    const rolled = this.log === null ? '' : this.listAt(p, Where.active);
    let discoveries = 0;
    // One by one: a third discovery gone out of play makes the rest unusable.
    for (let i = p.nextAt(Where.active, 0); i >= 0; i = p.nextAt(Where.active, i + 1)) {
      if (this.faceOf(p, i) !== F.discovery) continue;
      discoveries++;
      if (this.leavesWhenUsed(p, i)) this.spend(p, i);
    }
    if (this.log !== null) this.log.write(`step 5: you roll your active area: ${rolled || 'nothing'}; ${discoveries} discover${discoveries === 1 ? 'y' : 'ies'}`);
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
    if (index >= 0 && !s.hasRune(index)) this.gainRune(index, this.log === null ? '' : `${t.typeNames[type]} shows ${t.faceNames[face]}`);
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

  /** Step 6, Entering the Destination: at the last landscape die, take a rune and set up the next route. */
  enterDestination(): void {
    const s = this.state;
    if (s.position !== s.routeLength - 1) return;
    if (this.log !== null) this.log.write(`step 6: you enter ${this.tables.describe(this.typeDestination, s.destinationFace)}`);
    this.takeDestinationRune();
    s.routesCompleted++;
    if (s.status !== Status.playing) return;
    s.startFace = s.destinationFace;
    this.newRoute();
  }

  /** Decision destination: select a rune you lack, or roll both rune dice and take the new ones. */
  private takeDestinationRune(): void {
    const s = this.state;
    const t = this.tables;
    const o = this.options;
    o.clear();
    for (let r = 0; r < t.runes.length; r++) if (!s.hasRune(r)) o.add(OptionKind.choose, t.runes[r], r);
    o.add(OptionKind.roll, 0);
    this.view.die = -1;
    this.view.face = -1;
    const pick = this.ask(Decision.destination);
    if (o.kind[pick] === OptionKind.choose) {
      this.gainRune(o.target[pick], 'you select a rune');
      return;
    }
    const stream = this.random.streams.player;
    const a = t.faceAt(this.typeRune, this.roll(this.typeRune, stream));
    const b = t.faceAt(this.typeRune, this.roll(this.typeRune, stream));
    if (this.log !== null) this.log.write(`  you roll both rune dice: ${t.faceNames[a]}, ${t.faceNames[b]}`);
    const ia = t.runes.indexOf(a);
    const ib = t.runes.indexOf(b);
    if (ia >= 0 && !s.hasRune(ia)) this.gainRune(ia, 'rune die');
    if (s.status === Status.playing && ib >= 0 && !s.hasRune(ib)) this.gainRune(ib, 'rune die');
  }

  /** Step 7, Preparation: both sides roll what is left in their active areas and keep as in Step 1. */
  step7(): void {
    const s = this.state;
    const p = s.player;
    const o = s.opponent;
    const n = p.moveAll(Where.active, Where.rolling);
    this.rollAll(p, Where.rolling, this.random.streams.player);
    if (this.log !== null) this.log.write(`step 7: you roll your ${n} active dice: ${this.listAt(p, Where.rolling) || 'none'}`);
    this.assignRolled(this.readings.step7Uses);
    o.moveAll(Where.active, Where.rolling);
    this.rollAll(o, Where.rolling, this.random.streams.opponent);
    if (this.log !== null) this.log.write(`  the Opponent rolls his active dice: ${this.listAt(o, Where.rolling) || 'none'}`);
    this.opponentKeeps();
  }

  /** Step 8, Ending the Turn: active areas back to the reserves; the Opponent collects a rune. */
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
