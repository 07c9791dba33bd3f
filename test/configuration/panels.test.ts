// Named panels: the built-in ones from the catalog, the config file's panels adding to or replacing
// them, and bad panels stopping the start with the file, the field and the problem.

import assert from "node:assert/strict";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, describe, it } from "node:test";
import { ConfigurationError } from "../../src/configuration/config-file.ts";
import { loadConfiguration } from "../../src/configuration/configuration.ts";

const directory = mkdtempSync(join(tmpdir(), "ai-universe-panels-"));
after(() => rmSync(directory, { recursive: true, force: true }));

let fileCount = 0;
function configFile(content: unknown): string {
  fileCount += 1;
  const path = join(directory, `config-${fileCount}.json`);
  writeFileSync(path, JSON.stringify(content));
  return path;
}

function panelsOf(content: unknown) {
  return loadConfiguration({ environment: {}, configPath: configFile(content) }).defaults.panels ?? [];
}

/** Asserts that `content` is refused with a message naming its file and every `fragment`. */
function assertRejected(content: unknown, ...fragments: string[]): void {
  const path = configFile(content);
  assert.throws(
    () => loadConfiguration({ environment: {}, configPath: path }),
    (error: unknown) => {
      assert.ok(error instanceof ConfigurationError, `expected a ConfigurationError, got ${String(error)}`);
      for (const fragment of [path, ...fragments]) {
        assert.ok(error.message.includes(fragment), `"${error.message}" lacks "${fragment}"`);
      }
      return true;
    },
  );
}

describe("built-in panels", () => {
  it("are fast (thinking little), deep (thinking hard) and research (searching the web), hedging off", () => {
    const panels = loadConfiguration({ environment: {} }).defaults.panels ?? [];
    assert.deepEqual(
      panels.map((panel) => panel.name),
      ["fast", "deep", "research"],
    );
    const byName = new Map(panels.map((panel) => [panel.name, panel]));
    assert.equal(byName.get("fast")?.primary, "cerebras");
    assert.equal(byName.get("fast")?.reasoning, "low");
    assert.equal(byName.get("deep")?.reasoning, "high");
    assert.equal(byName.get("research")?.primary, "perplexity");
    assert.equal(byName.get("research")?.webSearch, true);
    for (const panel of panels) assert.equal(panel.hedge, undefined, panel.name);
  });

  it("name only models that can search in research", () => {
    const configuration = loadConfiguration({ environment: {} });
    const research = configuration.defaults.panels?.find((panel) => panel.name === "research");
    for (const name of research?.models ?? []) {
      assert.equal(configuration.models.find((entry) => entry.name === name)?.webSearch, true, name);
    }
  });

  it("take reasoning and web search from the config file", () => {
    const panels = panelsOf({
      panels: { careful: { models: ["claude", "openai"], reasoning: "medium", webSearch: true } },
    });
    const careful = panels.find((panel) => panel.name === "careful");
    assert.equal(careful?.reasoning, "medium");
    assert.equal(careful?.webSearch, true);
  });
});

describe("panels in the config file", () => {
  it("adds a panel, and replaces the built-in one of the same name", () => {
    const panels = panelsOf({
      panels: {
        "code-review": {
          models: ["claude", "openai", "gemini"],
          synthesisModel: "claude",
          maxOpinions: 1,
          description: "Reviews code",
        },
        fast: { models: ["gemini-flash", "cerebras"], primary: "cerebras", hedge: true },
      },
    });
    assert.deepEqual(
      panels.map((panel) => panel.name),
      ["fast", "deep", "research", "code-review"],
    );
    assert.deepEqual(
      panels.find((panel) => panel.name === "code-review"),
      {
        name: "code-review",
        description: "Reviews code",
        models: ["claude", "openai", "gemini"],
        primary: "claude",
        synthesisModel: "claude",
        maxOpinions: 1,
      },
    );
    const fast = panels.find((panel) => panel.name === "fast");
    assert.deepEqual(fast?.models, ["gemini-flash", "cerebras"]);
    assert.equal(fast?.primary, "cerebras");
    assert.deepEqual(fast?.hedge, { after: "p95", equivalents: {} });
  });

  it("carries hedging: a delay in milliseconds and equivalent models", () => {
    const deep = panelsOf({
      panels: {
        deep: {
          models: ["claude", "openai"],
          hedge: { after: 4000, equivalents: { claude: "claude-haiku" } },
        },
      },
    }).find((panel) => panel.name === "deep");
    assert.deepEqual(deep?.hedge, { after: 4000, equivalents: { claude: "claude-haiku" } });
    const off = panelsOf({ panels: { deep: { models: ["claude"], hedge: false } } });
    assert.equal(off.find((panel) => panel.name === "deep")?.hedge, undefined);
  });

  it("accepts a known model that has no key: the panel reports it unavailable later", () => {
    const fast = panelsOf({ panels: { fast: { models: ["grok", "sonar"] } } }).find(
      (panel) => panel.name === "fast",
    );
    assert.deepEqual(fast?.models, ["grok", "sonar"]);
  });

  it("refuses a panel naming a model that is not in the catalog or the file", () => {
    assertRejected({ panels: { mine: { models: ["claude", "gpt-9"] } } }, "panels.mine.models.1", '"gpt-9"');
    assertRejected({ panels: { mine: { models: ["claude"], primary: "nope" } } }, "panels.mine.primary");
    assertRejected(
      { panels: { mine: { models: ["claude"], synthesisModel: "nope" } } },
      "panels.mine.synthesisModel",
    );
    assertRejected(
      { panels: { mine: { models: ["claude"], hedge: { equivalents: { claude: "nope" } } } } },
      "panels.mine.hedge.equivalents.claude",
      '"nope"',
    );
  });

  it("refuses a bad name, shape or setting, naming the field", () => {
    assertRejected({ panels: { Deep: { models: ["claude"] } } }, "panels.Deep", "lowercase");
    assertRejected({ panels: { "two words": { models: ["claude"] } } }, "panels.two words");
    assertRejected({ panels: { mine: { models: [] } } }, "panels.mine.models");
    assertRejected({ panels: { mine: { primary: "claude" } } }, "panels.mine.models");
    assertRejected({ panels: { mine: { models: ["claude"], maxOpinions: 9 } } }, "panels.mine.maxOpinions");
    assertRejected(
      { panels: { mine: { models: ["claude"], temperature: 1 } } },
      "panels.mine",
      "temperature",
    );
    assertRejected(
      { panels: { mine: { models: ["claude"], hedge: "yes" } } },
      "panels.mine.hedge",
      "true, false",
    );
    assertRejected(
      { panels: { mine: { models: ["claude"], hedge: { after: 1.5 } } } },
      "panels.mine.hedge.after",
      '"p95" or a whole number of milliseconds',
    );
    assertRejected(
      { panels: { mine: { models: ["claude"], hedge: { after: "p99" } } } },
      "panels.mine.hedge.after",
    );
    assertRejected(
      { panels: { mine: { models: ["claude"], hedge: { equivalents: { openai: "gpt-mini" } } } } },
      "panels.mine.hedge.equivalents.openai",
      "not one of the panel's models",
    );
  });

  it("refuses more than eight models besides the primary", () => {
    const nine = [
      "cerebras",
      "grok",
      "openai",
      "claude",
      "gemini",
      "perplexity",
      "openrouter",
      "gpt-mini",
      "sonar",
    ];
    assert.equal(panelsOf({ panels: { all: { models: nine } } }).at(-1)?.models.length, 9);
    assertRejected(
      { panels: { all: { models: nine, primary: "claude-haiku" } } },
      "panels.all.models",
      "at most 8 models besides the primary",
    );
  });
});
