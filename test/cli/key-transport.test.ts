// Where the terminal commands may send an API key: over HTTPS anywhere, over plain HTTP only to this
// machine's loopback names and addresses, unless --allow-insecure-http or AI_UNIVERSE_ALLOW_INSECURE_HTTP
// says the network is trusted. Without a key nothing is refused.

import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { CommandLineError, parseCommandLine } from "../../src/cli/command-line.ts";

const parse = (server: string, extra: string[] = [], environment: Record<string, string> = {}) =>
  parseCommandLine(["conversations", "--server", server, "--api-key", "aiu_k.s", ...extra], environment);

describe("sending the API key to --server", () => {
  it("is allowed over HTTPS, and over HTTP to a loopback address", () => {
    for (const server of [
      "https://ai.example.com",
      "http://127.0.0.1:3000",
      "http://127.1.2.3:3000",
      "http://localhost:3000",
      "http://app.localhost",
      "http://[::1]:3000",
    ])
      assert.doesNotThrow(() => parse(server), server);
  });

  it("is refused over HTTP to another machine, in one line saying why and what to do", () => {
    for (const server of ["http://ai.example.com", "http://10.0.0.5:3000", "http://[fd00::2]:3000"]) {
      assert.throws(
        () => parse(server),
        (error: Error) =>
          error instanceof CommandLineError &&
          !error.message.includes("\n") &&
          /plain HTTP to another machine, so the API key would cross the network unencrypted\. Use an https:\/\/ URL, or add --allow-insecure-http/.test(
            error.message,
          ),
        server,
      );
    }
  });

  it("is allowed over HTTP when the flag or the variable says the network is trusted, or without a key", () => {
    assert.doesNotThrow(() => parse("http://10.0.0.5:3000", ["--allow-insecure-http"]));
    assert.doesNotThrow(() => parse("http://10.0.0.5:3000", [], { AI_UNIVERSE_ALLOW_INSECURE_HTTP: "1" }));
    assert.doesNotThrow(() => parseCommandLine(["conversations", "--server", "http://10.0.0.5:3000"], {}));
  });
});
