/**
 * A request's budget of matching work, in character steps. Every pattern test on a call's text spends from it
 * (the text's length, times the pattern's width where that matters), so no input up to the body limit and no
 * policy that publishes can make one request run long. Once it is spent, tests that were not run count as
 * "could not examine": restricting handlers then contribute the policy's failure verdict (evaluate.ts), never a pass.
 *
 * Counted in steps rather than time: in workerd the clock does not advance during synchronous work, so only a
 * count bounds it. The default was sized on this project's benchmark so a spent budget is well under 50 ms of CPU.
 */
const DEFAULT_WORK_BUDGET = 12_000_000;

export class WorkBudget {
  private left: number;
  constructor(steps: number = DEFAULT_WORK_BUDGET) {
    this.left = steps;
  }
  /** Spend `steps`; false (and from now on exhausted) when there are not that many left. */
  spend(steps: number): boolean {
    this.left -= steps;
    return this.left >= 0;
  }
  get exhausted(): boolean {
    return this.left < 0;
  }
}
