// How often one strategy's answer beats another's in pairwise judging, a tie counted as half a win:
//   win rate = (wins + ties / 2) / (wins + ties + losses)
// with the 95% Wilson interval of that share (proportion.ts) taken with n = all pairs. A pair scores 1, ½
// or 0, whose variance is at most a win-or-loss pair's, so the interval is, if anything, a little wide.

import { type Proportion, proportion } from "./proportion.ts";

/** The outcomes of one strategy's pairs. */
export interface PairTally {
  wins: number;
  ties: number;
  losses: number;
}

/** A win rate with its 95% interval, and the tally it comes from. */
export interface WinRate extends Proportion, PairTally {}

/** The win rate of `tally`, ties as half a win; undefined when there are no pairs. */
export function winRate(tally: PairTally): WinRate | undefined {
  const { wins, ties, losses } = tally;
  const share = proportion(wins + ties / 2, wins + ties + losses);
  return share && { ...share, wins, ties, losses };
}
