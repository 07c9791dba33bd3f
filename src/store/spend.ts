// The spend port: what each user spent per day, and what running calls hold of their daily budget.
// Before a call asks any model, its worst-case cost is held against its owner's budget in one atomic
// step that every process and node on the database sees (a SQLite write transaction, a PostgreSQL row
// lock), so calls arriving at once cannot all fit into the same remaining budget. As the call's models
// answer, what they cost moves from the reservation into the day's spend; when the call is over, what
// is left of it is let go. A reservation lasts until its expiry, which its holder keeps pushing back
// while the call runs: one whose process died stops counting once its expiry passes, and is deleted by
// the owner's next reservation.

/** A reservation asked for. Times are milliseconds since the epoch. */
export interface SpendReservation {
  /** Unique; the holder names it in later calls. */
  id: string;
  /** The day (YYYY-MM-DD, UTC) whose budget it counts against, and whose spend it is charged to. */
  day: string;
  /** The call's worst-case cost, in USD. */
  usd: number;
  /** When it stops counting unless renewed. */
  expiresAt: number;
}

/** Whether a reservation was made; when not, what was spent and held that day. */
export type ReservationOutcome = { reserved: true } | { reserved: false; spentUsd: number; heldUsd: number };

/** Spend per user and day, and the reservations of running calls. */
export interface SpendStore {
  /** Adds `usd` to what `owner` spent on `day` (YYYY-MM-DD, UTC). */
  add(owner: string, day: string, usd: number): Promise<void>;
  /** What `owner` spent on `day`, in USD (0 when nothing). */
  spentOn(owner: string, day: string): Promise<number>;
  /**
   * In one atomic step: deletes the owner's reservations that expired by `now`, and when the day's
   * spend plus the owner's live reservations of that day plus `reservation.usd` is at most
   * `budgetUsd`, stores the reservation. Otherwise stores nothing and says what was spent and held.
   */
  reserve(
    owner: string,
    reservation: SpendReservation,
    budgetUsd: number,
    now: number,
  ): Promise<ReservationOutcome>;
  /**
   * In one atomic step: adds `usd` to the owner's spend on the reservation's `day` and lowers the
   * reservation by as much (not below zero). Adds the spend even when the reservation is gone.
   */
  charge(owner: string, id: string, day: string, usd: number): Promise<void>;
  /** Pushes the reservation's expiry to `expiresAt`; false when it is gone. */
  renew(owner: string, id: string, expiresAt: number): Promise<boolean>;
  /** Deletes the reservation (its call is over); nothing when it is gone. */
  release(owner: string, id: string): Promise<void>;
  /** What the owner's reservations of `day` still hold, those expired by `now` left out, in USD. */
  heldOn(owner: string, day: string, now: number): Promise<number>;
}

/**
 * Whether `usd` more fits in `budgetUsd` beside what was spent and held; a billionth of a dollar is
 * allowed for the rounding of sums of fractions (0.1 + 0.2 > 0.3 in binary).
 */
export function fitsBudget(spentUsd: number, heldUsd: number, usd: number, budgetUsd: number): boolean {
  return spentUsd + heldUsd + usd <= budgetUsd + 1e-9;
}
