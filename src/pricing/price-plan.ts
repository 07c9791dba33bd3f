// A model's price compiled once and applied to each call's usage with the same arithmetic as the
// price data's own `calcPrice`, which validates the price and walks its unit registry on every call
// (about 27 µs; a consultation prices five calls). The units a call of ours reports are compiled:
// input, cached input read and written, output, reasoning, web searches, and a per-request fee. A
// price in any other unit (audio, cache writes kept an hour, storage searches) bills none of our
// usage: it adds nothing and takes nothing from the units above, so it is left out once `calcPrice`
// has accepted the price as a whole. A model priced by time of day has no plan, and its calls are
// priced by `calcPrice` itself. test/pricing/price-plan.test.ts checks the plans against `calcPrice`
// over every model of every provider we price.

import type { ModelInfo, ModelPrice, Provider } from "@pydantic/genai-prices";
import { pricePackage } from "./price-package.ts";

/** A call's usage in the price data's terms, as `reportedUsage` in price-data.ts builds it. */
export type PlanUsage = {
  input_tokens: number;
  output_tokens: number;
  cache_read_tokens?: number;
  cache_write_tokens?: number;
  output_reasoning_tokens?: number;
  web_searches?: number;
};

type Leaf = "input" | "cacheRead" | "cacheWrite" | "output" | "reasoning" | "webSearches" | "requests";

interface Tiered {
  base: number;
  tiers: { start: number; price: number }[];
}

/** One priced unit: which leaf of the usage it bills, at what price, per how many. */
interface Term {
  leaf: Leaf;
  direction: "input" | "output" | "other";
  per: number;
  price: number | Tiered;
}

/** A compiled price: its terms in the price's own key order, and which units it prices. */
export interface PricePlan {
  terms: Term[];
  tiered: boolean;
  priced: Set<Leaf>;
  /** Units other than the per-request fee: the price data's tolerance for rounding scales with it. */
  unitCount: number;
}

/** The price keys a plan compiles, the leaf each bills and the key its unit is a part of. */
const units: Record<string, { leaf: Leaf; direction: Term["direction"]; per: number; parent?: string }> = {
  input_mtok: { leaf: "input", direction: "input", per: 1e6 },
  cache_read_mtok: { leaf: "cacheRead", direction: "input", per: 1e6, parent: "input_mtok" },
  cache_write_mtok: { leaf: "cacheWrite", direction: "input", per: 1e6, parent: "input_mtok" },
  output_mtok: { leaf: "output", direction: "output", per: 1e6 },
  output_reasoning_mtok: { leaf: "reasoning", direction: "output", per: 1e6, parent: "output_mtok" },
  web_searches_kcount: { leaf: "webSearches", direction: "other", per: 1e3 },
  requests_kcount: { leaf: "requests", direction: "other", per: 1e3 },
};

/** A model's prices over time: each price with the instant it starts at (undefined: always). */
export type PriceSchedule = { startsAt: number | undefined; plan: PricePlan | undefined }[];

/**
 * The schedule of `info`'s prices (a model of `provider`), or undefined when a price depends on the
 * time of day. A price the price data refuses to apply has no plan, so its calls get calcPrice's error.
 */
export function priceSchedule(info: ModelInfo, provider: Provider): PriceSchedule | undefined {
  const planOf = (prices: ModelPrice) =>
    accepted(info, prices, provider) ? compilePrice(prices) : undefined;
  if (!Array.isArray(info.prices)) return [{ startsAt: undefined, plan: planOf(info.prices) }];
  const schedule: PriceSchedule = [];
  for (const conditional of info.prices) {
    const constraint = conditional.constraint as { type?: string; start_date?: string } | undefined;
    if (constraint !== undefined && constraint.type !== "start_date") return undefined;
    const startsAt = constraint ? new Date(constraint.start_date as string).getTime() : undefined;
    schedule.push({ startsAt, plan: planOf(conditional.prices) });
  }
  return schedule;
}

/** Whether calcPrice prices a call of `info` at `prices`: its checks of a price depend on no usage. */
function accepted(info: ModelInfo, prices: ModelPrice, provider: Provider): boolean {
  try {
    const model = { ...info, prices };
    const usage = { input_tokens: 0, output_tokens: 0 };
    return pricePackage().calcPrice(usage, info.id, { provider: { ...provider, models: [model] } }) !== null;
  } catch {
    return false;
  }
}

/**
 * The plan in force at `at` (epoch ms), chosen as the price data chooses: the last price whose start
 * has come, or that has none; the first when none has. Undefined when that price has no plan.
 */
export function planAt(schedule: PriceSchedule, at: number): PricePlan | undefined {
  for (let index = schedule.length - 1; index >= 0; index--) {
    const entry = schedule[index] as PriceSchedule[number];
    if (entry.startsAt === undefined || at >= entry.startsAt) return entry.plan;
  }
  return schedule[0]?.plan;
}

/**
 * Compiles one price; undefined when one of its prices is not valid. Units outside the plan's bill
 * none of a call's usage and are left out (priceSchedule has calcPrice accept the price first).
 */
export function compilePrice(prices: ModelPrice): PricePlan | undefined {
  const terms: Term[] = [];
  const keys = new Set<string>();
  for (const [key, price] of Object.entries(prices)) {
    if (price === undefined) continue;
    const unit = units[key];
    const value = validPrice(price);
    if (value === undefined) return undefined;
    if (!unit) continue;
    keys.add(key);
    terms.push({ leaf: unit.leaf, direction: unit.direction, per: unit.per, price: value });
  }
  for (const key of keys) {
    const parent = units[key]?.parent;
    if (parent !== undefined && !keys.has(parent)) return undefined;
  }
  return {
    terms,
    tiered: terms.some((term) => typeof term.price === "object"),
    priced: new Set(terms.map((term) => term.leaf)),
    unitCount: terms.filter((term) => term.leaf !== "requests").length,
  };
}

/** The total USD price of `usage` under `plan`, or undefined where the price data would refuse it. */
export function applyPlan(plan: PricePlan, usage: PlanUsage): number | undefined {
  const cacheRead = plan.priced.has("cacheRead") ? (usage.cache_read_tokens ?? 0) : 0;
  const cacheWrite = plan.priced.has("cacheWrite") ? (usage.cache_write_tokens ?? 0) : 0;
  const reasoning = plan.priced.has("reasoning") ? (usage.output_reasoning_tokens ?? 0) : 0;
  const input = remainder(usage.input_tokens, 0 + cacheRead + cacheWrite, plan.unitCount);
  const output = remainder(usage.output_tokens, 0 + reasoning, plan.unitCount);
  if (input === undefined || output === undefined) return undefined;
  const leaves: Record<Leaf, number> = {
    input,
    cacheRead,
    cacheWrite,
    output,
    reasoning,
    webSearches: usage.web_searches ?? 0,
    requests: 1,
  };
  const tierInput = plan.tiered ? usage.input_tokens : 0;
  let inputPrice = 0;
  let outputPrice = 0;
  let otherPrice = 0;
  for (const term of plan.terms) {
    const amount = termPrice(term, leaves[term.leaf], tierInput);
    if (term.direction === "input") inputPrice += amount;
    else if (term.direction === "output") outputPrice += amount;
    else otherPrice += amount;
  }
  return inputPrice + outputPrice + otherPrice;
}

/** What is left of a total once its priced parts are taken out, with the price data's tolerance. */
function remainder(total: number, parts: number, unitCount: number): number | undefined {
  const left = total - parts;
  const tolerance = Number.EPSILON * Math.max(1, Math.abs(total), Math.abs(parts)) * (unitCount + 1);
  if (left < 0 && Math.abs(left) <= tolerance) return 0;
  return left < 0 ? undefined : left;
}

function termPrice(term: Term, value: number, tierInput: number): number {
  if (typeof term.price === "number") return (term.price * value) / term.per;
  if (value <= 0) return 0;
  let price = term.price.base;
  for (const tier of term.price.tiers) if (tierInput > tier.start) price = tier.price;
  return (((price * value) / 1e6) * 1e6) / term.per;
}

/** A price as the data accepts it: a finite non-negative number, or a base with tiers sorted by start. */
function validPrice(price: unknown): number | Tiered | undefined {
  if (isAmount(price)) return price;
  if (typeof price !== "object" || price === null || Array.isArray(price)) return undefined;
  const { base, tiers } = price as { base?: unknown; tiers?: unknown };
  if (!isAmount(base) || !Array.isArray(tiers)) return undefined;
  const sorted: Tiered["tiers"] = [];
  for (const tier of tiers as { start?: unknown; price?: unknown }[]) {
    const { start, price: tierPrice } = tier ?? {};
    if (typeof start !== "number" || !Number.isSafeInteger(start) || start < 0 || !isAmount(tierPrice))
      return undefined;
    sorted.push({ start, price: tierPrice });
  }
  return { base, tiers: sorted.sort((left, right) => left.start - right.start) };
}

function isAmount(value: unknown): value is number {
  return typeof value === "number" && Number.isFinite(value) && value >= 0;
}
