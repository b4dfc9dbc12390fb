import { Decision, OptionKind, Upgrade, UPGRADE_NAMES, Use } from './decisions.ts';
import { COMBAT_DICE, RING_DICE } from './dice.ts';
import { OpponentRules } from './opponent.ts';
import type { Readings, Step7Uses } from './readings.ts';
import { Where } from './state.ts';
import { type DiceTables, F, IS_KEEPABLE, RoleCode } from './tables.ts';
import type { GameLog } from '../../core/game.ts';

/**
 * Preparing your character (the set-up, Step 1, Step 7): select and roll action dice, glowing rerolls, then one
 * decision per result among the uses the rules allow (keep, active area, heal, Magic to Provisions, upgrade, Ring,
 * White Tree), then healing with saved results. Also the upgrade tries and healing they lead to.
 */

const UPGRADE_ROLLS = 5;
const WHITE_TREE_DICE = 2;

export abstract class Preparation extends OpponentRules {
  /** The role a Ring brings in (-1: any die of the sideboard). */
  private readonly ringRole: number;

  constructor(tables: DiceTables, readings: Readings, log: GameLog | null) {
    super(tables, readings, log);
    this.ringRole = readings.ringBringsAnyDie ? -1 : RoleCode.action;
  }

  /** Step 1, Preparation (and Preparing Your Character at set-up): roll up to 7 action dice, glowing rerolls, then assign each result. */
  preparePlayer(setup: boolean): void {
    const p = this.state.player;
    const rolled = this.selectDice();
    this.rollAll(p, Where.rolling, this.random.streams.player);
    if (this.log !== null) this.log.write(`  you roll ${rolled} action dice: ${this.listAt(p, Where.rolling)}`);
    if (setup || this.readings.glowingEveryRoll) this.glowingRerolls();
    this.assignRolled('all');
  }

  /** Decision glowing: while a glowing die shows, you may put it in the reserve and reroll the others. */
  private glowingRerolls(): void {
    const p = this.state.player;
    for (let guard = 0; guard < 50; guard++) {
      const glowing = this.findFace(p, Where.rolling, F.glowing);
      if (glowing < 0 || p.countAt(Where.rolling) < 2) break;
      if (this.askBetween(Decision.glowing, OptionKind.reroll, OptionKind.done, glowing, F.glowing) !== OptionKind.reroll) break;
      p.move(glowing, Where.reserve);
      this.rollAll(p, Where.rolling, this.random.streams.player);
      if (this.log !== null) this.log.write(`  glowing die to the reserve; you reroll the others: ${this.listAt(p, Where.rolling)}`);
    }
  }

  /**
   * Assign every result in the rolling area (Steps 1 and 7) to one of the `uses` allowed, then perhaps heal with
   * results saved in the play area (a Step 1 use).
   */
  assignRolled(uses: Step7Uses): void {
    const p = this.state.player;
    for (let die = p.nextAt(Where.rolling, 0); die >= 0; die = p.nextAt(Where.rolling, die + 1)) this.assign(die, uses);
    if (uses === 'all') while (this.state.damage > 0 && this.healWithSaved());
  }

  /** Decision healKept: return a saved Magic or Provisions result to heal, or stop. Returns false when you stop. */
  private healWithSaved(): boolean {
    const p = this.state.player;
    const o = this.options;
    o.clear();
    o.add(OptionKind.done, -1);
    for (let i = p.nextAt(Where.play, 0); i >= 0; i = p.nextAt(Where.play, i + 1)) {
      const face = this.faceOf(p, i);
      if ((face === F.magic || face === F.provisions) && !this.listsSameDie(i, face)) o.add(OptionKind.choose, i, face);
    }
    if (o.count === 1) return false;
    this.view.die = -1;
    this.view.face = -1;
    const pick = this.ask(Decision.healKept);
    if (o.kind[pick] === OptionKind.done) return false;
    const face = o.target[pick];
    this.spend(p, o.aux[pick]);
    this.heal(face, true);
    return true;
  }

  /** Whether the options already list a die of the same type showing `face` (identical dice are one option). */
  private listsSameDie(die: number, face: number): boolean {
    const p = this.state.player;
    const o = this.options;
    for (let k = 0; k < o.count; k++) if (o.kind[k] === OptionKind.choose && o.target[k] === face && p.type[o.aux[k]] === p.type[die]) return true;
    return false;
  }

  /** Decision assign: one rolled result, used as the strategy chooses. */
  private assign(die: number, uses: Step7Uses): void {
    const o = this.options;
    const face = this.faceOf(this.state.player, die);
    this.listUses(die, face, uses);
    this.view.die = die;
    this.view.face = face;
    const pick = this.ask(Decision.assign);
    this.use(die, face, o.aux[pick], o.target[pick], o.mode[pick] === 1);
  }

  /** The uses the rules and the `uses` reading allow a result (options of kind choose, aux the Use). */
  private listUses(die: number, face: number, uses: Step7Uses): void {
    const s = this.state;
    const p = s.player;
    const o = this.options;
    o.clear();
    if (this.mayKeep(p, die, face, IS_KEEPABLE)) o.add(OptionKind.choose, Use.keep);
    o.add(OptionKind.choose, Use.active);
    if (uses === 'all' && (face === F.magic || face === F.provisions) && s.damage > 0) o.add(OptionKind.choose, Use.heal);
    if (uses !== 'keep' && face === F.magic && this.countFace(p, Where.play, F.provisions) < 3) o.add(OptionKind.choose, Use.toProvisions);
    if (uses !== 'all') return;
    if (face === F.weaponry || face === F.magic) {
      const mode = face === F.magic ? 1 : 0;
      if (!s.characterUpgraded) o.add(OptionKind.choose, Use.upgrade, Upgrade.character, mode);
      if (!s.primaryUpgraded) o.add(OptionKind.choose, Use.upgrade, Upgrade.primary, mode);
      if (!s.secondaryUpgraded) o.add(OptionKind.choose, Use.upgrade, Upgrade.secondary, mode);
    }
    if (face === F.ring && this.sideboardHas(this.ringRole)) o.add(OptionKind.choose, Use.ring);
    if (face === F.whiteTree && this.sideboardHas(RoleCode.improvised)) o.add(OptionKind.choose, Use.whiteTree);
  }

  /** Use a result: `use` a Use, `target` what to upgrade, `changed` a Magic changed to Weaponry. */
  private use(die: number, face: number, use: number, target: number, changed: boolean): void {
    const p = this.state.player;
    const label = this.log !== null ? this.name(p, die) : '';
    switch (use) {
      case Use.keep:
        p.move(die, Where.play);
        if (this.log !== null) this.log.write(`  keep ${label} in your play area`);
        break;
      case Use.active:
        p.move(die, Where.active);
        if (this.log !== null) this.log.write(`  ${label} to your active area`);
        break;
      case Use.heal:
        this.spend(p, die);
        this.heal(face);
        break;
      case Use.toProvisions:
        p.change(die, F.provisions);
        p.move(die, Where.play);
        if (this.log !== null) this.log.write(`  change ${label} to Provisions, kept in your play area`);
        break;
      case Use.upgrade:
        this.spend(p, die);
        if (this.log !== null) this.log.write(`  ${changed ? 'change ' : ''}${label}${changed ? ' to Weaponry' : ''}: try to upgrade your ${UPGRADE_NAMES[target]}`);
        this.tryUpgrade(target);
        break;
      case Use.ring:
        this.spend(p, die);
        if (this.log !== null) this.log.write(`  return ${label} to bring in dice from the sideboard`);
        this.bringIn(this.ringRole, RING_DICE, true);
        break;
      case Use.whiteTree:
        if (this.log !== null) this.log.write(`  use ${label} to bring in improvised weapon dice; the die goes to your active area`);
        if (!this.whiteTreeBlocked()) this.bringIn(RoleCode.improvised, WHITE_TREE_DICE, false);
        if (this.leavesWhenUsed(p, die)) this.spend(p, die);
        else p.move(die, Where.active);
    }
  }

  /** Heal with a returned Magic or Provisions result (`saved`: one kept in the play area), perhaps with a special healing die. */
  heal(face: number, saved = false): void {
    const s = this.state;
    const p = s.player;
    const t = this.tables;
    let amount = 1;
    let how = '';
    if (this.readings.wod && face === F.magic) {
      const f = this.roll(this.typeHealingWod, this.random.streams.player);
      amount = t.valueAt(this.typeHealingWod, f);
      if (this.log !== null) how = `Healing die ${amount}`;
    }
    const special = this.askHealingDie(face, amount);
    if (special >= 0) {
      this.rollDie(p, special, this.random.streams.player);
      const extra = t.valueAt(p.type[special], p.face[special]);
      amount += extra;
      if (this.log !== null) how += `${how ? ', ' : ''}special Healing die ${extra}`;
      this.spend(p, special);
    }
    const before = s.damage;
    s.damage = Math.max(0, s.damage - amount);
    if (this.log !== null) this.log.write(`  return ${saved ? 'your saved ' : ''}${t.faceNames[face]} to heal ${amount}${how ? ` (${how})` : ''}: damage ${before} -> ${s.damage}`);
  }

  /** Decision healingDie: one option per special healing die type in your reserve (its first die), or none. Returns the die, or -1. */
  private askHealingDie(face: number, amount: number): number {
    const p = this.state.player;
    if (p.countRoleAt(Where.reserve, RoleCode.healing) === 0) return -1;
    const o = this.options;
    o.clear();
    o.add(OptionKind.done, -1);
    for (let type = 0; type < this.typeCount; type++) {
      if (this.tables.role[type] === RoleCode.healing && p.countTypeAt(Where.reserve, type) > 0) o.add(OptionKind.choose, p.nextOfType(Where.reserve, type, 0));
    }
    this.view.die = -1;
    this.view.face = face;
    this.view.heal = amount;
    const pick = this.ask(Decision.healingDie);
    return o.kind[pick] === OptionKind.done ? -1 : o.aux[pick];
  }

  /** Upgrading a weapon or your character: roll the 5 combat dice up to 5 times, keeping matching results; 5 kept upgrades the target. */
  tryUpgrade(target: number): boolean {
    const s = this.state;
    const t = this.tables;
    const stream = this.random.streams.combat;
    const weapon = target === Upgrade.primary ? s.primary : s.secondary;
    const otherWeapon = target === Upgrade.primary ? s.secondary : s.primary;
    let kept = 0;
    let rolls = 0;
    for (; rolls < UPGRADE_ROLLS && kept < COMBAT_DICE; rolls++) {
      const dice = COMBAT_DICE - kept;
      for (let d = 0; d < dice; d++) {
        const face = t.faceAt(this.typeCombat, this.roll(this.typeCombat, stream));
        const keep = target === Upgrade.character ? face === s.primary || face === s.secondary : face === F.magic || face === weapon || (this.readings.weaponUpgradeKeepsBoth && face === otherWeapon);
        if (keep) kept++;
      }
    }
    const success = kept >= COMBAT_DICE;
    if (success) {
      if (target === Upgrade.character) s.characterUpgraded = true;
      else if (target === Upgrade.primary) s.primaryUpgraded = true;
      else s.secondaryUpgraded = true;
      s.upgradesMade++;
    }
    if (this.log !== null) this.log.write(`    upgrade rolls: ${kept} of 5 results in ${rolls} rolls: ${success ? `your ${UPGRADE_NAMES[target]} is upgraded` : 'failed'}`);
    return success;
  }
}
