// Types of the part of marked-terminal the CLI uses (the package ships none).

declare module "marked-terminal" {
  import type { MarkedExtension } from "marked";

  /** A marked extension that renders Markdown for a terminal; `options` may replace every style. */
  export function markedTerminal(
    options?: Record<string, unknown>,
    highlightOptions?: Record<string, unknown>,
  ): MarkedExtension;
}
