import { Decision, OptionKind, Upgrade, UPGRADE_NAMES } from './decisions.ts';
import type { Readings } from './readings.ts';
import { DicePicking, PREPARATION_DICE } from './picking.ts';
import { Where } from './state.ts';
import { type DiceTables, F, Mark, OPPONENT_KEEPS_FACE } from './tables.ts';
import type { GameLog } from '../../core/game.ts';

/**
 * The automated Opponent, who follows the rulebook's priorities (RULES.md, judgement call 6): his preparation (a die
 * from the easier set below 7, glowing rerolls, Rings at once, every useful face kept), and every face he plays
 * against you, in the order of the turn — Rune-stealers and eagles (Step 2), Hill Detour, his encounter face and
 * Monster results, Magic and Volcano (Step 3), Thieving Beasts and Weaponry (Step 4) — each of which you may block
 * with the same face saved in your play area.
 */

const OPPONENT_DICE = 7;
const EAGLE_DICE = 3;
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

export abstract class OpponentRules extends DicePicking {
  private readonly easierTypes: Int16Array;
  // The encounter (per Step 3, it lasts for both encounters): [WOD] monster combat dice, the second encounter's
  // power, whether a Portcullis forbids retreat, and [WOD] how many encounter dice were rolled.
  protected monsterDice = 0;
  protected secondPower = 0;
  protected noRetreat = false;
  private encounterRolled = 0;

  constructor(tables: DiceTables, readings: Readings, log: GameLog | null) {
    super(tables, readings, log);
    this.easierTypes = Int16Array.from(tables.content.opponent.easier.map((id) => tables.typeOf(id)));
  }

  /** A free try to upgrade back what his Weaponry demoted (your upgrade rules, preparation.ts). */
  abstract tryUpgrade(target: number): boolean;

  // ---- Preparation ---------------------------------------------------------------------------------------------

  /**
   * The Opponent prepares: up to 7 dice from his reserve (`opponentRoll=all`: his play area's back in it first),
   * glowing rerolls, Rings at once, useful results kept.
   */
  prepareOpponent(): void {
    const o = this.state.opponent;
    if (this.readings.opponentRollsPlayArea) o.moveAll(Where.play, Where.reserve);
    this.replenishOpponent();
    const stream = this.random.streams.opponent;
    let rolled = 0;
    for (let i = o.nextAt(Where.reserve, 0); i >= 0 && rolled < PREPARATION_DICE; i = o.nextAt(Where.reserve, i + 1)) {
      o.move(i, Where.rolling);
      rolled++;
    }
    this.rollAll(o, Where.rolling, stream);
    if (this.log !== null) this.log.write(`the Opponent rolls ${rolled} action dice: ${this.listAt(o, Where.rolling)}`);
    if (this.readings.glowingEveryRoll || this.state.turn === 0) this.opponentGlowingRerolls();
    this.opponentKeeps();
  }

  /** He always takes a glowing reroll: the glowing die to his reserve, the others rolled again. */
  private opponentGlowingRerolls(): void {
    const o = this.state.opponent;
    for (let guard = 0; guard < 50; guard++) {
      const glowing = this.findFace(o, Where.rolling, F.glowing);
      if (glowing < 0 || o.countAt(Where.rolling) < 2) break;
      o.move(glowing, Where.reserve);
      this.rollAll(o, Where.rolling, this.random.streams.opponent);
      if (this.log !== null) this.log.write(`  the Opponent's glowing die to his reserve; he rerolls: ${this.listAt(o, Where.rolling)}`);
    }
  }

  /** The Opponent's results: Rings act at once, faces he has a use for are kept (up to 3 each), the rest go active. */
  protected opponentKeeps(): void {
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
    this.returnToSideboard();
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

  /** The Opponent blocks any use of a White Tree result with a White Tree of his own. */
  protected whiteTreeBlocked(): boolean {
    const o = this.state.opponent;
    const tree = this.findFace(o, Where.play, F.whiteTree);
    if (tree < 0) return false;
    this.spend(o, tree);
    if (this.log !== null) this.log.write(`  the Opponent returns a White Tree to block your White Tree`);
    return true;
  }

  /**
   * The Opponent plays the result `die` of his play area (it goes back to his reserve either way); you may block it
   * with the same face saved in your play area. Returns true when blocked.
   */
  protected blocked(die: number): boolean {
    const o = this.state.opponent;
    const face = this.faceOf(o, die);
    this.spend(o, die);
    if (!this.offerBlock(face)) return false;
    if (this.log !== null) this.log.write(`  you return your ${this.tables.faceNames[face]} to block the Opponent's ${this.tables.faceNames[face]}`);
    return true;
  }

  /** Decision block: with `face` saved in your play area, you may return it to block his play. Returns true when blocked. */
  private offerBlock(face: number): boolean {
    const p = this.state.player;
    const mine = this.findFace(p, Where.play, face);
    if (mine < 0 || this.askBetween(Decision.block, OptionKind.block, OptionKind.done, mine, face) !== OptionKind.block) return false;
    this.spend(p, mine);
    return true;
  }

  // ---- Step 2 --------------------------------------------------------------------------------------------------

  /** Two Rune-stealers in the Opponent's play area: he tries to steal one of your runes. */
  runeStealers(): void {
    const s = this.state;
    const o = s.opponent;
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
    this.defendRune(rune, index);
  }

  /** Decision defendRune: roll one rune die, or both by returning a Magic; a match keeps the rune, else it is stolen. */
  private defendRune(rune: number, index: number): void {
    const s = this.state;
    const p = s.player;
    const t = this.tables;
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

  /**
   * The eagle dice (he spends a Provisions on one reroll short of 3: the dice that missed, or with `eagleReroll=all`
   * all three): three eagles send you back and end the turn.
   */
  protected eaglesStopYou(): boolean {
    const s = this.state;
    const o = s.opponent;
    let eagles = this.eaglesIn(EAGLE_DICE);
    if (this.log !== null) this.log.write(`  the Opponent rolls the eagle dice: ${eagles} eagle${eagles === 1 ? '' : 's'}`);
    if (eagles < EAGLE_DICE) {
      const provisions = this.findFace(o, Where.play, F.provisions);
      if (provisions >= 0) {
        this.spend(o, provisions);
        const again = this.readings.eagleRerollAll ? EAGLE_DICE : EAGLE_DICE - eagles;
        eagles = EAGLE_DICE - again + this.eaglesIn(again);
        if (this.log !== null) this.log.write(`  the Opponent returns a Provisions to reroll ${again} eagle dice: ${eagles} eagles`);
      }
    }
    if (eagles < EAGLE_DICE) return false;
    s.retreats++;
    if (this.log !== null) this.log.write(`  three eagles: you retreat and your turn ends`);
    return true;
  }

  /** How many of `dice` eagle dice rolled show an eagle. */
  private eaglesIn(dice: number): number {
    let eagles = 0;
    for (let i = 0; i < dice; i++) if (this.tables.faceAt(this.typeEagle, this.roll(this.typeEagle, this.random.streams.opponent)) === F.eagle) eagles++;
    return eagles;
  }

  /** Hill Detour, unless you block it: your move is lost. */
  protected hillDetour(): boolean {
    const detour = this.findFace(this.state.opponent, Where.play, F.hillDetour);
    if (detour < 0 || this.blocked(detour)) return false;
    if (this.log !== null) this.log.write(`  the Opponent plays Hill Detour: your move is lost`);
    return true;
  }

  // ---- Step 3 --------------------------------------------------------------------------------------------------

  /** A new encounter: no second encounter, monster dice or encounter dice yet. */
  protected startEncounter(): void {
    this.monsterDice = 0;
    this.secondPower = 0;
    this.noRetreat = false;
    this.encounterRolled = 0;
  }

  /** A doomland's own roll: the monster die (non-WOD) or the Encounter Generation die (WOD). Returns power. */
  protected doomlandRoll(power: number): number {
    return this.readings.wod ? this.encounterDie(power) : this.monsterDie(false);
  }

  /** He plays the first encounter option of his preferences he can (a Portcullis forbids retreat). Returns the power. */
  protected playEncounterFace(power: number): number {
    const o = this.state.opponent;
    for (let k = 0; k < PREFERENCES.length; k++) {
      const [face, withPortcullis] = PREFERENCES[k];
      const die = this.findFace(o, Where.play, face, withPortcullis);
      if (die < 0) continue;
      const portcullis = withPortcullis ? this.findFace(o, Where.play, F.portcullis, true) : -1;
      if (withPortcullis && portcullis < 0) continue;
      if (this.log !== null) this.log.write(`  the Opponent plays ${this.tables.faceNames[face]}${portcullis >= 0 ? ' + Portcullis' : ''}`);
      if (portcullis >= 0) {
        this.spend(o, portcullis);
        this.noRetreat = true;
      }
      if (face === F.portcullis) {
        this.spend(o, die);
        this.noRetreat = true;
      } else if (!this.blocked(die)) return power + this.applyEncounterFace(face, power);
      return power;
    }
    return power;
  }

  /** His Monster results: one rolls the monster die (non-WOD); with WOD, each rolls an encounter die not yet rolled. Returns the power. */
  protected playMonsterResults(power: number): number {
    const o = this.state.opponent;
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
    return power;
  }

  /** After you decide to fight: his Magic (+1) and Volcano results strengthen the monster. Returns the power. */
  protected strengthenMonster(power: number): number {
    const o = this.state.opponent;
    for (let i = o.nextAt(Where.play, 0); i >= 0; i = o.nextAt(Where.play, i + 1)) {
      const face = this.faceOf(o, i);
      if (face === F.magic) {
        if (this.log !== null) this.log.write(`  the Opponent returns Magic: +1 power`);
        if (!this.blocked(i)) power += 1;
      } else if (face === F.volcano) {
        const amount = Math.max(1, this.tables.valueAt(o.type[i], o.face[i]));
        if (this.log !== null) this.log.write(`  the Opponent returns Volcano: +${amount} power`);
        if (!this.blocked(i)) power += amount;
      }
    }
    return power;
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
      if (!this.offerBlock(face)) return this.applyEncounterFace(face, basePower);
      if (this.log !== null) this.log.write(`  you return your ${t.faceNames[face]} to block it`);
      return 0;
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

  // ---- Step 4 --------------------------------------------------------------------------------------------------

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
}
