// The public faces are locked by their API reports (scripts/api-report.ts, api-report/*.api.md), as the MCP
// SDK locks its surface with api-extractor: a face that changes without its report fails here, naming the
// face, what changed and the command that writes the report anew, so a face grows or changes on purpose
// and a reviewer sees it in the report's diff. The reader is shown to notice a change of a signature and a
// new export in a face of a few files.

import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { committedReport, faceReport, faces, reportCommand } from "../../scripts/api-report.ts";

/** The first lines where `now` differs from `before`, for the failure message. */
function firstDifference(before: string, now: string): string {
  const old = before.split("\n");
  const current = now.split("\n");
  const at = current.findIndex((line, index) => line !== old[index]);
  const line = at === -1 ? current.length : at;
  return `line ${line + 1} of the report, was:\n  ${old.slice(line, line + 3).join("\n  ")}\nis now:\n  ${current.slice(line, line + 3).join("\n  ")}`;
}

describe("the API reports", () => {
  for (const face of faces) {
    it(`hold the face ${face.name} (${face.files.join(", ")}) as committed`, () => {
      const now = faceReport(face);
      const before = committedReport(face);
      assert.ok(
        now === before,
        `The face ${face.name} (${face.files.join(", ")}) changed without its API report: if the change is meant, run \`${reportCommand}\` and commit api-report/${face.name}.api.md.\n${firstDifference(before, now)}`,
      );
    });
  }

  it("list each export declared as written, bodies and comments left out", () => {
    const report = faceReport({ name: "probe", files: ["src/contract/attachment-name.ts"] });
    assert.match(report, /^export function cleanAttachmentName\(name: string\): string;$/m);
    assert.match(report, /^export const attachmentNameCharacters = \d+;$/m);
    assert.doesNotMatch(report, /\/\*\*|\breturn\b/);
    const application = faceReport({ name: "probe", files: ["src/application/index.ts"] });
    assert.match(application, /^export interface Caller \{\n {4}userId: string;\n {4}tier: string;\n\}$/m);
    assert.match(
      application,
      /^export class ConfigurationError extends Error \{\n {4}constructor\(message: string\);\n\}$/m,
    );
  });
});
