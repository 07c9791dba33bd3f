// An amount in US dollars as every message of this program writes it: to the cent from a dollar, else to
// four significant figures ("$0.3193", "$1.25").

/** `amount` (not negative) in dollars: "$1.25", "$0.003872". */
export function usd(amount: number): string {
  return amount >= 1 ? `$${amount.toFixed(2)}` : `$${Number(amount.toPrecision(4))}`;
}
