import type { StrategyDefinition } from '../../src/core/game.ts';
import { Kind, Op, type NecreauxStrategy, type NecreauxView } from '../../src/games/necreaux/decisions.ts';
import { cardsToShuttle, expectedShortfall36, isHurt, scientistsReachable, SensibleStrategy, teamHasScientists, teamHearts, turnsLeft } from './sensible.ts';

/** Turns kept in hand by default: playing ahead of the clock absorbs lost countdown steps and cut-short turns. */
const DEFAULT_RESERVE = 4;
/**
 * The pace cap without a damage budget (`budget` 0, the default): a strategy constant, measured on the shipped deck,
 * whose too-fast traps cost time or a fixed damage (RULES.md, "Findings after the reserve pass"). Re-measured on
 * 2026-12-04, 40 won more than 20 (Level 6, 4 agents: 77.6% -> 84.4%; on the build before that day's trap and flee
 * fixes too, 58.2% -> 69.1%); 60 and no cap within 0.2 pp of 40.
 */
const MAX_SPEED = 40;
/**
 * Default share (%) of the team's hearts that the expected too-fast trap damage on the way to the shuttle may take: 0,
 * no budget (the pace cap above and an unbounded last turn). 50 was about the best on the trial decks of RULES.md's
 * "The shortfall effect in the code" (within the CI of the best fixed speed for every team size where the deck's
 * too-fast traps cost no time).
 */
const DEFAULT_BUDGET = 0;
/** The fastest pace the table below covers; a pace limit only a deck without too-fast damage reaches. */
const TOP_SPEED = 60;
/** The How To Play deck's piles. */
const PILES = 3;
/** Largest `per` of a `damageShortfall` or `countdownShortfall` effect (the schema's count). */
const MAX_PER = 12;

/**
 * SHORTFALL[per * (TOP_SPEED + 1) + speed]: expected cost of one too-fast shortfall test at this speed, 2d6 against
 * the speed, 1 damage (or countdown step) per `per` points short (rounded up). Computed once.
 */
const SHORTFALL = new Float64Array((MAX_PER + 1) * (TOP_SPEED + 1));
for (let per = 1; per <= MAX_PER; per++) {
  for (let speed = 0; speed <= TOP_SPEED; speed++) {
    SHORTFALL[per * (TOP_SPEED + 1) + speed] = expectedShortfall36(speed, per) / 36;
  }
}

/**
 * Spreads the cards still to draw (to the expected place of the Escape Shuttle) over the turns left less a reserve;
 * rests when the team is hurt and the rest leaves that reserve, and once it holds the shuttle and the Scientists (it
 * escapes at the end of that turn). By default at most 40 cards a turn, and everything left on the last turn; where
 * too-fast traps cost countdown steps that grow with the speed (`countdownShortfall`), no further ahead of the clock
 * than the pace whose way to the shuttle costs the fewest turns (its draws plus the steps those traps are expected to
 * take, less those the team's avoids and destroys spare it), yet never slower than the pace that reaches the shuttle
 * in the turns left. With a
 * damage `budget` (for decks whose too-fast traps deal `damageShortfall`) there is no such cap: it plays ahead of the
 * clock no faster than its pace limit, the fastest speed at which the too-fast traps still in the deck are expected to
 * take at most `budget`% of the team's hearts on the way to the shuttle (the limit rises as the way shortens, so the
 * team starts slower and speeds up), yet never slower than the pace that reaches the shuttle in the turns left; its
 * last turn goes all in only as far as the team expects to live through.
 */
class Adaptive extends SensibleStrategy {
  readonly name = 'adaptive';
  /** Per `per`: the too-fast damage tests still in the deck (an each-roll test counts once per acting agent). */
  private readonly tests = new Float64Array(MAX_PER + 1);
  /** Per `per`: the too-fast countdown tests still in the deck, counted the same way. */
  private readonly timeTests = new Float64Array(MAX_PER + 1);
  /** How many there are, all `per` together. */
  private timeTestCount = 0;
  /** The same per How To Play pile (pile * (MAX_PER + 1) + per), and the unseen cards of each pile, where piles are known. */
  private readonly pileTimeTests = new Float64Array(PILES * (MAX_PER + 1));
  private readonly pileUnseen = new Float64Array(PILES);
  /** The too-fast countdown tests of each How To Play pile, all `per` together. */
  private readonly pileTimeTestCount = new Float64Array(PILES);
  /** The way to the shuttle this turn, split over the How To Play piles it runs through (where they are known). */
  private readonly wayInPile = new Float64Array(PILES);
  private pilesKnown = false;
  /** Adventure cards the players have not seen (the deck, and any taken out unseen). */
  private unseenCards = 0;

  constructor(
    private readonly reserve: number,
    private readonly budget: number,
  ) {
    super();
  }

  protected pickSpeed(view: NecreauxView): number {
    const holdingBoth = view.shuttleFound && (teamHasScientists(view) || !scientistsReachable(view));
    if (holdingBoth || view.deckSize === 0) return 0;
    return this.budget === 0 ? this.cappedSpeed(view) : this.budgetedSpeed(view);
  }

  /** Without a damage budget: at most MAX_SPEED a turn (no further ahead than the sparing pace), everything left on the last turn. */
  private cappedSpeed(view: NecreauxView): number {
    const turns = turnsLeft(view);
    if (turns <= 1 && !view.shuttleFound && !view.uncertainEnding) return Math.max(1, view.deckSize);
    const cards = cardsToShuttle(view);
    this.countTests(view);
    const cap = this.sparingPace(view, cards);
    if (isHurt(view) && this.canAffordRest(cards, turns, cap)) return 0;
    const ahead = Math.ceil(cards / Math.max(1, turns - this.reserve));
    // The cap bounds only how far ahead of the clock the team plays: the pace that arrives in time it takes anyway.
    const onTime = Math.min(MAX_SPEED, Math.ceil(cards / turns));
    return Math.max(1, onTime, Math.min(cap, ahead));
  }

  /**
   * The pace up to MAX_SPEED whose way to the shuttle costs the fewest turns: the turns its draws take plus the
   * countdown steps the too-fast countdown tests are expected to take on the way at that pace (the turns left do not
   * change which pace that is; the on-time pace overrides it when the team is behind). MAX_SPEED when no such test is
   * left (a faster pace only costs fewer turns).
   */
  private sparingPace(view: NecreauxView, cards: number): number {
    if (this.timeTestCount === 0) return MAX_SPEED;
    if (this.pilesKnown) this.splitWay(view, cards);
    const unavoided = this.unavoidedShare(view, cards);
    let best = MAX_SPEED;
    let bestCost = Infinity;
    for (let speed = 1; speed <= MAX_SPEED; speed++) {
      const cost = unavoided * this.stepsOnTheWay(cards, speed) + cards / speed;
      if (cost < bestCost) {
        best = speed;
        bestCost = cost;
      }
    }
    return best;
  }

  /** With a damage budget: ahead of the clock no faster than the too-fast traps left allow for the team's hearts. */
  private budgetedSpeed(view: NecreauxView): number {
    this.countTests(view);
    const turns = turnsLeft(view);
    const hearts = teamHearts(view);
    // The last turn: everything left may be needed to reach the shuttle, as long as the team expects to live through it.
    if (turns <= 1 && !view.shuttleFound && !view.uncertainEnding) {
      return Math.max(1, this.paceLimit(view.deckSize, 0, hearts - view.actingCount()));
    }
    const cards = cardsToShuttle(view);
    const limit = this.paceLimit(view.deckSize, cards, (hearts * this.budget) / 100);
    if (isHurt(view) && this.canAffordRest(cards, turns, limit)) return 0;
    const ahead = Math.ceil(cards / Math.max(1, turns - this.reserve));
    // The pace limit bounds only how far ahead of the clock the team plays: the pace that arrives in time it takes anyway.
    const onTime = Math.ceil(cards / turns);
    return Math.max(1, onTime, Math.min(limit, ahead));
  }

  /**
   * The fastest speed up to `most` whose expected too-fast damage stays within `budget` hearts: over `cards` cards
   * (the way to the shuttle), or over the speed's own draws when `cards` is 0 (a last turn). At least 1.
   */
  private paceLimit(most: number, cards: number, budget: number): number {
    const top = Math.min(most, TOP_SPEED);
    for (let speed = 1; speed <= top; speed++) {
      if ((cards > 0 ? cards : speed) * this.costPerCard(this.tests, speed) > budget) return Math.max(1, speed - 1);
    }
    // Beyond the table only a deck without too-fast damage goes (none left: no limit at all).
    return most > TOP_SPEED && this.costPerCard(this.tests, TOP_SPEED) > 0 ? TOP_SPEED : Math.max(1, most);
  }

  /** The next `cards` draws split over the How To Play piles they run through: top, middle, bottom. */
  private splitWay(view: NecreauxView, cards: number): void {
    const top = Math.min(cards, view.cardsAboveMiddlePile);
    const middle = Math.min(cards - top, view.cardsAboveBottomPile - view.cardsAboveMiddlePile);
    this.wayInPile[0] = top;
    this.wayInPile[1] = middle;
    this.wayInPile[2] = cards - top - middle;
  }

  /**
   * Countdown steps the too-fast countdown tests are expected to take over the next `cards` draws at this speed: from
   * each How To Play pile's own tests as the way runs through it (`splitWay`), where the piles are known; else at the
   * deck's rate.
   */
  private stepsOnTheWay(cards: number, speed: number): number {
    if (!this.pilesKnown) return cards * this.costPerCard(this.timeTests, speed);
    let steps = 0;
    for (let pile = 0; pile < PILES; pile++) {
      steps += this.wayInPile[pile] * this.costPerCard(this.pileTimeTests, speed, pile * (MAX_PER + 1), this.pileUnseen[pile]);
    }
    return steps;
  }

  /**
   * The share of the too-fast countdown tests expected on the way to the shuttle that the team cannot spare itself: each
   * use its charges pay for on a card that avoids or destroys a trap (Security Expert, the Scientists) spares one of
   * them. A rough count:
   * the sensible strategies spend those charges on other cards too (over a third of the Scientists' on monsters of CV 8
   * or more; Pressure Plate), yet counting only the time traps' expected share of them did worse (RULES.md).
   */
  private unavoidedShare(view: NecreauxView, cards: number): number {
    const tests = this.testsOnTheWay(cards);
    const spared = trapsTheTeamCanSpare(view);
    return tests > spared ? (tests - spared) / tests : 0;
  }

  /** How many too-fast countdown tests the next `cards` draws are expected to meet (by pile where the piles are known). */
  private testsOnTheWay(cards: number): number {
    if (!this.pilesKnown) return this.unseenCards === 0 ? 0 : (cards * this.timeTestCount) / this.unseenCards;
    let tests = 0;
    for (let pile = 0; pile < PILES; pile++) {
      if (this.pileUnseen[pile] > 0) tests += (this.wayInPile[pile] * this.pileTimeTestCount[pile]) / this.pileUnseen[pile];
    }
    return tests;
  }

  /**
   * Expected too-fast cost (damage or countdown steps) per card drawn at this speed, from the tests at `offset` among
   * `unseen` cards not seen yet (by default the whole deck's).
   */
  private costPerCard(tests: Float64Array, speed: number, offset = 0, unseen = this.unseenCards): number {
    if (unseen === 0) return 0;
    let cost = 0;
    for (let per = 1; per <= MAX_PER; per++) if (tests[offset + per] > 0) cost += tests[offset + per] * SHORTFALL[per * (TOP_SPEED + 1) + speed];
    return cost / unseen;
  }

  /** The too-fast shortfall tests among the adventure cards the players have not seen, and how many such cards there are. */
  private countTests(view: NecreauxView): void {
    this.tests.fill(0);
    this.timeTests.fill(0);
    this.timeTestCount = 0;
    this.pileTimeTests.fill(0);
    this.pileUnseen.fill(0);
    this.pileTimeTestCount.fill(0);
    this.unseenCards = 0;
    this.pilesKnown = false;
    for (let card = 0; card < view.adventureCount; card++) {
      if (!view.unseen(card)) continue;
      this.unseenCards++;
      const pile = view.knownPile(card);
      if (pile >= 0) {
        this.pilesKnown = true;
        this.pileUnseen[pile]++;
      }
      if (view.kind(card) !== Kind.trap) continue;
      const rolls = view.eachRolls(card) ? view.actingCount() : 1;
      const damagePer = view.shortfallPer(card);
      if (damagePer > 0) this.tests[damagePer] += rolls;
      const timePer = view.countdownShortfallPer(card);
      if (timePer === 0) continue;
      this.timeTests[timePer] += rolls;
      this.timeTestCount += rolls;
      if (pile < 0) continue;
      this.pileTimeTests[pile * (MAX_PER + 1) + timePer] += rolls;
      this.pileTimeTestCount[pile] += rolls;
    }
  }

  /** A rest costs a turn: affordable while the cards left fit, at the pace limit, in the turns after it less the reserve. */
  private canAffordRest(cards: number, turns: number, limit: number): boolean {
    const spareTurns = turns - 1 - this.reserve;
    return spareTurns > 0 && cards <= spareTurns * limit;
  }
}

/** Traps the acting team can avoid or destroy with the charges on its active cards. */
function trapsTheTeamCanSpare(view: NecreauxView): number {
  let traps = 0;
  for (let a = 0; a < view.agents; a++) {
    if (!view.isActing(a)) continue;
    for (let i = 0; i < view.skillCount(a); i++) traps += trapsSparedBy(view, view.skillAt(a, i));
    for (let i = 0; i < view.heldCount(a); i++) traps += trapsSparedBy(view, view.heldAt(a, i));
  }
  return traps;
}

/** A card's charges pay for one trap avoided or destroyed each use; an avoid and a destroy on one card share them. */
function trapsSparedBy(view: NecreauxView, card: number): number {
  return Math.max(view.usesOn(card, Op.avoidCard, Kind.trap), view.usesOn(card, Op.destroyCard, Kind.trap));
}

export const adaptive: StrategyDefinition<NecreauxStrategy> = {
  name: 'adaptive',
  description:
    'Speed = cards left to the expected Escape Shuttle / (turns left - reserve), at most 40 and, where too-fast traps cost countdown steps growing with the speed, no further ahead than the pace whose way costs the fewest turns (or, with a damage budget, no faster than the too-fast traps left allow for its hearts); rests when hurt and the rest leaves the reserve',
  params: [
    {
      name: 'reserve',
      kind: 'int',
      min: 0,
      max: 5,
      default: DEFAULT_RESERVE,
      description: 'turns kept in hand: the cards left are spread over the turns left less these',
    },
    {
      name: 'budget',
      kind: 'int',
      min: 0,
      max: 200,
      default: DEFAULT_BUDGET,
      description:
        "share (%) of the team's hearts the expected too-fast (damageShortfall) trap damage on the way to the shuttle may take; 0: none, at most 40 cards a turn and everything left on the last turn",
    },
  ],
  create: (params) => new Adaptive(Number(params.reserve ?? DEFAULT_RESERVE), Number(params.budget ?? DEFAULT_BUDGET)),
};

export default adaptive;
