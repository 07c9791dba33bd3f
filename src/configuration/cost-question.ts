// When the server asks before a costly call: the estimate above which a client that can answer a
// question (MCP elicitation) is asked to confirm, from AI_UNIVERSE_CONFIRM_ABOVE_USD or the config
// file's `confirmAboveUsd`. `off` never asks; 0 asks before every call of any known cost.

import { ConfigurationError } from "./configuration-error.ts";

/** The estimate above which a call is confirmed first, unless set: $0.25. */
export const defaultConfirmAboveUsd = 0.25;

/** The config file's `confirmAboveUsd`: an amount in dollars, or "off". */
export type ConfirmAboveSetting = number | "off";

/**
 * The estimate in dollars above which a costly call is confirmed first, or null for never: the
 * environment's AI_UNIVERSE_CONFIRM_ABOVE_USD wins over the file's setting, else $0.25. Throws
 * ConfigurationError naming the variable and what it accepts.
 */
export function confirmAboveUsd(
  environment: Record<string, string | undefined>,
  file: ConfirmAboveSetting | undefined,
): number | null {
  const text = environment.AI_UNIVERSE_CONFIRM_ABOVE_USD?.trim();
  if (!text) return file === "off" ? null : (file ?? defaultConfirmAboveUsd);
  if (text.toLowerCase() === "off") return null;
  const value = Number(text.replace(/^\$/, ""));
  if (!Number.isFinite(value) || value < 0) {
    throw new ConfigurationError(
      `AI_UNIVERSE_CONFIRM_ABOVE_USD "${text}" is neither an amount in dollars nor off: set it to an amount ` +
        "such as 0.25 (the default) to ask before calls whose estimate is above it, 0 to ask before every call " +
        "of known cost, or off never to ask.",
    );
  }
  return value;
}
