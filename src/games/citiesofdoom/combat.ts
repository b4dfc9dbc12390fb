import { Decision, MAX_COMBAT, OptionKind } from './decisions.ts';
import { COMBAT_DICE } from './dice.ts';
import { Preparation } from './preparation.ts';
import { Status, Where } from './state.ts';
import { F, Mark, RoleCode } from './tables.ts';

/**
 * Your Magic (end of Step 3) and combat (Step 4): the Magic dice, the Opponent's Thieving Beasts and Weaponry, the
 * combat dice you collect (special ones your choice), then each fight — roll, burning skulls out, White Trees and
 * improvised weapon dice, [WOD] the monster's combat dice and your expert dice — rerolled as you choose until the
 * attack reaches the power or you stop; a lost fight costs damage.
 */

const EXPERT_DICE = 3;
/** Combat die states. */
const C = { idle: 0, roll: 1, shown: 2, gone: 3, cancelled: 4 } as const;

export abstract class Combat extends Preparation {
  // The dice of the fight (type, face index, state).
  private readonly combatType = new Int16Array(MAX_COMBAT);
  private readonly combatFace = new Int8Array(MAX_COMBAT);
  private readonly combatState = new Uint8Array(MAX_COMBAT);
  private combatCount = 0;
  // What the Magic (and [WOD] expert) dice did this encounter: magic results' worth, weapon bonuses.
  private magicValue = 1;
  private primaryBonus = 0;
  private secondaryBonus = 0;
  /** Improvised weapons scored this fight (bit per axe, sword, bow), and the last roll's attack. */
  private improvisedSeen = 0;
  private lastAttack = 0;

  /** A new encounter: no Magic die rolled yet. */
  protected startMagic(): void {
    this.magicValue = 1;
    this.primaryBonus = 0;
    this.secondaryBonus = 0;
  }

  /** Attack points of one result of each weapon, Magic dice included, damage subtracted (for strategies). */
  protected baseAttackEstimate(): number {
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
    this.showPower(power);
    this.view.attack = this.baseAttackEstimate();
    return this.askBetween(Decision.magic, OptionKind.done, OptionKind.choose, die, F.magic) === OptionKind.choose;
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

  // ---- Step 4 --------------------------------------------------------------------------------------------------

  /** Step 4: Thieving Beasts, demotions, then the fight (and a second one with the same dice). Returns true when won. */
  protected combat(power: number): boolean {
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
    if (!won) this.loseFight(against);
    return won;
  }

  /** A lost fight costs damage (the margin, or a flat amount); past the limit, the game is lost. */
  private loseFight(against: number): void {
    const s = this.state;
    const damage = this.readings.defeatDamage > 0 ? this.readings.defeatDamage : Math.max(1, against - Math.max(0, this.lastAttack));
    s.damage += damage;
    s.damageTaken += damage;
    if (this.log !== null) this.log.write(`  you lose the fight: +${damage} damage (damage ${s.damage} of ${this.readings.damageLimit})${this.readings.lossEndsTurn ? '; your turn ends' : ''}`);
    if (s.damage > this.readings.damageLimit) s.status = Status.damage;
  }

  /** Attack points of a combat result: primary weapon 2 (3 upgraded), secondary weapon 1 (2), Magic 1 (or the Magic die's value). */
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
    this.showPower(power);
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

  /** One fight: roll, burning skulls out, White Trees, the monster's dice, then rerolls until the attack wins (attackToWin). */
  fight(power: number): boolean {
    for (let k = 0; k < this.combatCount; k++) this.combatState[k] = C.roll;
    this.improvisedSeen = 0;
    let monsterDice = this.monsterDice;
    const rolls = this.readings.combatRolls > 0 ? this.readings.combatRolls : 99;
    for (let roll = 1; ; roll++) {
      const line = this.rollCombatDice(power);
      if (monsterDice > 0) monsterDice = this.monsterCombatDice(monsterDice);
      const attack = this.attack();
      this.lastAttack = attack;
      if (this.log !== null) this.log.write(`  combat roll ${roll}: ${line || 'no dice left'}; attack ${attack} against ${power}`);
      if (attack >= this.attackToWin(power)) return true;
      if (roll === rolls) return false;
      const reroll = this.askReroll(power, attack, rolls - roll);
      if (reroll === 0) return false;
      for (let k = 0; k < this.combatCount; k++) if ((reroll & (1 << k)) !== 0) this.combatState[k] = C.roll;
    }
  }

  /** Roll the dice to roll: burning skulls leave the fight, White Trees may roll improvised dice and are rerolled. Returns the log line. */
  private rollCombatDice(power: number): string {
    const t = this.tables;
    const stream = this.random.streams.combat;
    let rolled = 0;
    for (let k = 0; k < this.combatCount; k++) {
      if (this.combatState[k] !== C.roll && this.combatState[k] !== C.cancelled) continue;
      this.combatFace[k] = this.roll(this.combatType[k], stream);
      rolled |= 1 << k;
    }
    for (let k = 0; k < this.combatCount; k++) if ((rolled & (1 << k)) !== 0) this.showCombatDie(k);
    for (let k = 0; k < this.combatCount; k++) {
      for (let guard = 0; guard < 6 && (rolled & (1 << k)) !== 0 && this.combatFaceOf(k) === F.whiteTree && this.askImprovise(power) && this.improvise(); guard++) {
        this.combatFace[k] = this.roll(this.combatType[k], stream);
        this.showCombatDie(k);
      }
    }
    if (this.log === null) return '';
    let line = '';
    for (let k = 0; k < this.combatCount; k++) {
      if ((rolled & (1 << k)) === 0 && this.combatState[k] !== C.shown) continue;
      line += `${line ? ', ' : ''}${this.combatState[k] === C.gone ? 'burning skull (die out)' : t.faceNames[this.combatFaceOf(k)]}`;
    }
    return line;
  }

  /** The face code combat die k shows. */
  private combatFaceOf(k: number): number {
    return this.tables.faceAt(this.combatType[k], this.combatFace[k]);
  }

  /** Combat die k was just rolled: a burning skull leaves the fight, anything else is shown. */
  private showCombatDie(k: number): void {
    this.combatState[k] = this.combatFaceOf(k) === F.burningSkull ? C.gone : C.shown;
  }

  /** Decision improvise: with an improvised weapon die in your reserve, use a White Tree result or not. */
  private askImprovise(power: number): boolean {
    if (this.state.player.countRoleAt(Where.reserve, RoleCode.improvised) === 0) return false;
    this.showCombat();
    this.showPower(power);
    this.view.attack = this.attack();
    return this.askBetween(Decision.improvise, OptionKind.done, OptionKind.choose, -1, F.whiteTree) === OptionKind.choose;
  }

  /** Decision combat: reroll any of the dice left (those the monster cancelled always included), or stop. Returns the slots, 0 to stop. */
  private askReroll(power: number, attack: number, rollsLeft: number): number {
    const view = this.view.combat;
    const free = this.showCombat();
    if (free === 0 && view.forced === 0) return 0;
    const o = this.options;
    o.clear();
    o.add(OptionKind.done, 0);
    for (let subset = free; ; subset = (subset - 1) & free) {
      if ((subset | view.forced) !== 0) o.add(OptionKind.reroll, subset | view.forced);
      if (subset === 0) break;
    }
    this.showPower(power);
    this.view.attack = attack;
    this.view.rollsLeft = rollsLeft;
    this.view.die = -1;
    this.view.face = -1;
    const pick = this.ask(Decision.combat);
    return o.kind[pick] === OptionKind.done ? 0 : o.aux[pick];
  }

  /** Fill view.combat with the dice of the fight; returns the slots showing a result. */
  private showCombat(): number {
    const view = this.view.combat;
    let shownSlots = 0;
    view.forced = 0;
    view.count = this.combatCount;
    for (let k = 0; k < this.combatCount; k++) {
      const shown = this.combatState[k] === C.shown;
      view.face[k] = shown ? this.combatFaceOf(k) : -1;
      view.points[k] = shown ? this.points(this.combatType[k], view.face[k]) : 0;
      view.best[k] = this.combatState[k] === C.gone ? 0 : this.bestPoints(this.combatType[k]);
      if (shown) shownSlots |= 1 << k;
      else if (this.combatState[k] === C.cancelled) view.forced |= 1 << k;
    }
    return shownSlots;
  }

  /** The most attack points a face of die type `type` is worth now. */
  private bestPoints(type: number): number {
    const t = this.tables;
    let best = 0;
    for (let i = 0; i < t.sides[type]; i++) best = Math.max(best, this.points(type, t.faceAt(type, i)));
    return best;
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
}

function popcount(bits: number): number {
  return (bits & 1) + ((bits >> 1) & 1) + ((bits >> 2) & 1);
}
