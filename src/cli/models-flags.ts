// The flags of `ai-universe models`: every command's, with `--panel` a switch (the default panel's pairs,
// models-panel.ts) where `eval` and `ask` take a panel's name, so `models` is parsed with its own.

/** `flags` with `--panel` as the switch `models` takes. */
export function modelsFlags<Flags extends Record<string, unknown>>(flags: Flags) {
  return { ...flags, panel: { type: "boolean" } } as const;
}

/** The help line of `models --panel`. */
export const modelsPanelHelp = `  --panel                The default panel's independent votes: each pair of its models with the
                         error correlation measured in your eval runs (and the runs), or
                         "families" with the prior when never measured; reads --database`;
