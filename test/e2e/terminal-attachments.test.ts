// `ask --file` with an image and a PDF, `--web-search` and `--reasoning` against the provider simulator:
// each file reaches the vendors whose model reads it, with the search tool and reasoning asked for; a
// model that cannot read a file or search says so beneath its line; and /dev/zero, a directory, an
// oversized file and a bad reasoning level are refused in one line before any provider is called.

import assert from "node:assert/strict";
import { mkdirSync, truncateSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { after, before, describe, it } from "node:test";
import { type ProviderSimulator, startProviderSimulator } from "../simulator/provider-simulator.ts";
import { tinyPdf, tinyPng } from "../support/attachment-files.ts";
import { temporaryDirectory } from "../support/temporary-directory.ts";
import { runCli } from "./support/cli-process.ts";
import { serverEnvironment } from "./support/server-environment.ts";

const piped = runCli;

describe("files, web search and reasoning from the terminal", () => {
  let simulator: ProviderSimulator;
  let environment: Record<string, string>;
  let directory: string;

  before(async () => {
    simulator = await startProviderSimulator();
    environment = (await serverEnvironment(simulator.url, { maxRetries: 0 })).environment;
    directory = temporaryDirectory("files");
    writeFileSync(join(directory, "dot.png"), tinyPng);
    writeFileSync(join(directory, "scan.pdf"), tinyPdf);
  });
  after(async () => simulator?.close());

  it("sends the image and the PDF to the models that read them, and says who did not see which", async () => {
    const from = simulator.requests.length;
    const run = await piped(
      environment,
      [
        "ask",
        "What is in these files?",
        "--file",
        "dot.png",
        "--file",
        "scan.pdf",
        "--models",
        "gemini,grok",
        "--web-search",
        "--reasoning",
        "high",
      ],
      directory,
    );
    assert.equal(run.status, 0, run.stderr);
    const requests = simulator.requests.slice(from);
    const png = { mediaType: "image/png", bytes: tinyPng.length };
    const pdf = { mediaType: "application/pdf", bytes: tinyPdf.length };
    const to = (provider: string) => requests.filter((request) => request.provider === provider);
    // Gemini reads both, Grok images only, the primary (gpt-oss-120b on Cerebras) neither.
    assert.deepEqual(to("google")[0]?.attachments, [png, pdf]);
    assert.deepEqual(to("xai")[0]?.attachments, [png]);
    assert.ok(to("cerebras").length > 0, "the primary was not asked");
    assert.ok(
      to("cerebras").every((request) => request.attachments.length === 0),
      "a model that reads no files was sent one",
    );
    for (const provider of ["google", "xai"]) {
      assert.equal(to(provider)[0]?.search, true, `${provider} was not asked to search`);
      assert.equal(to(provider)[0]?.reasoning, true, `${provider} was not asked to reason`);
    }
    const shown = run.stdout;
    assert.match(shown, /Answer from gemini-3\.1-pro-preview: .*\[saw: image\/png, application\/pdf\]/);
    assert.match(
      shown,
      /^✓ gemini \(.*\) .* · \d+ reasoning tokens \(high\) · \d+ web searche?s? · \d+ sources?$/m,
    );
    assert.match(
      shown,
      /^✓ grok .*\n {2}did not see: scan\.pdf \(Grok [\d.]+ \(xAI\) does not read PDFs; it answered without this file\.\)\n/m,
    );
    assert.match(
      shown,
      /^✓ cerebras .*\n {2}could not search: .*cannot search the web.*\n {2}did not see: dot\.png \(.* does not read images; .*\)\n {2}did not see: scan\.pdf \(.* does not read PDFs; .*\)\n/m,
    );
    assert.match(shown, /^Sources\n1\. /m);
  });

  it("refuses /dev/zero, a directory, an oversized file and a bad reasoning level without calling a model", async () => {
    mkdirSync(join(directory, "folder"), { recursive: true });
    const large = join(directory, "large.png");
    writeFileSync(large, tinyPng);
    truncateSync(large, 6 * 1024 * 1024);
    const from = simulator.requests.length;
    const cases: [string[], RegExp][] = [
      [
        ["--file", "/dev/zero"],
        /--file \/dev\/zero is a character device, not a regular file\. Attach .* at most 5 MiB/,
      ],
      [["--file", "folder"], /--file folder is a folder, not a regular file\./],
      [
        ["--file", "large.png"],
        /--file large\.png is 6 MiB \(6291456 bytes\); one file may be at most 5 MiB\. Attach a smaller file/,
      ],
      [
        ["--reasoning", "banana"],
        /--reasoning "banana" is not a reasoning level: use off, low, medium or high/,
      ],
    ];
    for (const [flags, message] of cases) {
      const run = await piped(environment, ["ask", "Look at this", ...flags], directory);
      assert.equal(run.status, 2, `${flags.join(" ")}: ${run.stderr}`);
      assert.match(run.stderr, new RegExp(`^ai-universe: ${message.source}.*\\n$`));
      assert.equal(run.stderr.split("\n").length, 2, `more than one line: ${run.stderr}`);
      assert.equal(run.stdout, "");
    }
    assert.equal(simulator.requests.length, from, "a provider was called");
  });
});
