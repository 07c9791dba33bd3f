// Tasks through the application, as every front end reaches them: a task runs for its owner alone,
// its result is the same every time, every read, list, cancel and result is counted against the
// caller's tier like any use case, the list pages behind signed cursors (an altered one is refused),
// and each refusal carries a stable code: task_not_found, invalid_argument, rate_limited,
// store_unavailable.

import assert from "node:assert/strict";
import { describe, it } from "node:test";
import type { Caller } from "../../src/application/caller.ts";
import { localCaller } from "../../src/application/caller.ts";
import { taskPollsPerMinute } from "../../src/application/limits/rate-limits.ts";
import { createTaskRunner, defaultTaskLifetimes } from "../../src/application/tasks/task-runner.ts";
import type { TaskWork } from "../../src/application/tasks/task-use-cases.ts";
import { defaultTiers } from "../../src/configuration/access.ts";
import type { ServiceError } from "../../src/contract/service-error.ts";
import { StoreUnavailableError } from "../../src/store/store.ts";
import { consultationFixture, deferred } from "../support/consultation-fixture.ts";

const signal = new AbortController().signal;
const ann: Caller = { userId: "ann", tier: "admin" };
const bob: Caller = { userId: "bob", tier: "admin" };
const refusedWith = (code: string) => (error: ServiceError) => {
  assert.equal(error.code, code, error.message);
  return true;
};
/** Work that answers at once with `text`. */
const answer =
  (text: string): TaskWork =>
  async () => ({ content: [{ type: "text", text }] });

describe("tasks through the application", () => {
  it("runs a task for its owner: read, its result the same each time, listed; another caller sees none of it", async () => {
    const { application } = consultationFixture();
    const started = await application.startTask(ann, { tool: "agent.second_opinion" }, answer("done"));
    assert.equal(started.status, "working");
    assert.equal(started.ttlMs, defaultTaskLifetimes.defaultTtlMs);
    const first = await application.taskResult(ann, { taskId: started.taskId }, { signal });
    const again = await application.taskResult(ann, { taskId: started.taskId }, { signal });
    assert.equal(first.task.status, "completed");
    assert.deepEqual(first.result, { content: [{ type: "text", text: "done" }] });
    assert.deepEqual(again, first);
    assert.equal((await application.getTask(ann, { taskId: started.taskId })).status, "completed");
    const listed = await application.listTasks(ann, {});
    assert.deepEqual(
      listed.tasks.map((task) => task.taskId),
      [started.taskId],
    );

    const input = { taskId: started.taskId };
    await assert.rejects(application.getTask(bob, input), refusedWith("task_not_found"));
    await assert.rejects(application.taskResult(bob, input, { signal }), refusedWith("task_not_found"));
    await assert.rejects(application.cancelTask(bob, input), refusedWith("task_not_found"));
    assert.deepEqual((await application.listTasks(bob, {})).tasks, []);
  });

  it("cancels a working task, stopping its work; a second cancel is invalid_argument", async () => {
    const { application } = consultationFixture();
    const held = deferred();
    let stopped: unknown;
    const started = await application.startTask(ann, { tool: "agent.second_opinion" }, async (workSignal) => {
      workSignal.addEventListener("abort", () => {
        stopped = workSignal.reason;
        held.resolve();
      });
      await held.promise;
      return { content: [] };
    });
    const cancelled = await application.cancelTask(ann, { taskId: started.taskId });
    assert.equal(cancelled.status, "cancelled");
    assert.equal((stopped as ServiceError | undefined)?.code, "cancelled");
    await assert.rejects(
      application.cancelTask(ann, { taskId: started.taskId }),
      (error: ServiceError) => error.code === "invalid_argument" && /already ended/.test(error.message),
    );
    const outcome = await application.taskResult(ann, { taskId: started.taskId }, { signal });
    assert.equal(outcome.result, null);
  });

  it("keeps a cancel as cancelled when the work answers its abort with an error result, whichever write lands first", async () => {
    const { store } = consultationFixture();
    // PostgreSQL runs two writes on two connections, so the cancel's may land after the work's own end:
    // hold the cancel's until the work has answered its abort.
    const workAnswered = deferred();
    const reordering = {
      ...store.tasks,
      finish: async (...args: Parameters<typeof store.tasks.finish>) => {
        if (args[1].status === "cancelled") await workAnswered.promise;
        return store.tasks.finish(...args);
      },
    };
    const tasks = createTaskRunner(
      reordering,
      { staleMs: 60_000, ...defaultTaskLifetimes },
      () => new Date(),
      () => {},
    );
    const { application } = consultationFixture(undefined, { tasks });
    try {
      const started = await application.startTask(ann, { tool: "agent.second_opinion" }, (workSignal) => {
        return new Promise((resolve) => {
          workSignal.addEventListener("abort", () => {
            resolve({ content: [{ type: "text", text: "stopped" }], isError: true });
            setImmediate(() => workAnswered.resolve());
          });
        });
      });
      const cancelled = await application.cancelTask(ann, { taskId: started.taskId });
      assert.equal(cancelled.status, "cancelled");
      assert.equal((await application.getTask(ann, { taskId: started.taskId })).status, "cancelled");
    } finally {
      await tasks.close();
    }
  });

  it("counts every read, list, cancel and result against the tier's poll allowance, apart from its requests; the start is the call's request", async () => {
    const anonymous: Caller = { userId: "guest", tier: "anonymous" };
    const perHour = defaultTiers.anonymous?.requestsPerHour ?? 0;
    assert.ok(perHour > 0 && perHour < taskPollsPerMinute, "the anonymous tier has a small hourly limit");
    const { application } = consultationFixture();
    const started = await application.startTask(anonymous, { tool: "agent.second_opinion" }, answer("x"));
    const input = { taskId: started.taskId };
    const uses = [
      () => application.getTask(anonymous, input),
      () => application.listTasks(anonymous, {}),
      () => application.taskResult(anonymous, input, { signal }),
      () => application.cancelTask(anonymous, input),
    ];
    for (let count = 0; count < taskPollsPerMinute; count += 1) {
      // A cancel of the ended task is refused, and counted all the same.
      await uses[count % uses.length]?.().catch((error: ServiceError) =>
        assert.equal(error.code, "invalid_argument"),
      );
    }
    for (const use of uses) {
      await assert.rejects(use(), (error: ServiceError) => {
        assert.equal(error.code, "rate_limited");
        assert.equal(error.details?.window, "task-poll-minute");
        assert.match(error.message, /allows 120 looks at tasks per minute/);
        assert.equal(typeof error.details?.retryAfterSeconds, "number");
        return true;
      });
    }
    // Polls have their own allowance: of the hour's requests for questions, only the start's is used.
    assert.equal((await application.usage(anonymous)).requests.hour.used, 1);
    // The start counts the tool call's request, once.
    await application.startTask(anonymous, { tool: "agent.second_opinion" }, answer("y"));
    assert.equal((await application.usage(anonymous)).requests.hour.used, 2);
  });

  it("refuses a start past the tier's limit before the task exists, and counts the call it runs once", async () => {
    const anonymous: Caller = { userId: "late-guest", tier: "anonymous" };
    const perHour = defaultTiers.anonymous?.requestsPerHour ?? 0;
    const { application, models } = consultationFixture();
    let ran = 0;
    // The work asks the models as the task's tool call does: through the use case, which admits it.
    const consult: TaskWork = async (workSignal, caller) => {
      ran += 1;
      await application.sendMessage(caller, { content: "Hi" }, { signal: workSignal });
      return { content: [{ type: "text", text: "asked" }] };
    };
    for (let count = 0; count < perHour; count += 1) {
      const started = await application.startTask(anonymous, { tool: "conversation.send-message" }, consult);
      const outcome = await application.taskResult(anonymous, { taskId: started.taskId }, { signal });
      assert.equal(outcome.task.status, "completed", outcome.task.statusMessage ?? "");
    }
    assert.equal((await application.usage(anonymous)).requests.hour.used, perHour);
    const tasksBefore = (await application.listTasks(anonymous, {})).tasks.length;
    const calls = models.calls.length;
    const refusals = await Promise.allSettled(
      Array.from({ length: 12 }, () =>
        application.startTask(anonymous, { tool: "conversation.send-message" }, consult),
      ),
    );
    for (const refusal of refusals) {
      assert.equal(refusal.status, "rejected");
      assert.equal((refusal.reason as ServiceError).code, "rate_limited");
    }
    assert.equal(
      (await application.listTasks(anonymous, {})).tasks.length,
      tasksBefore,
      "a refused start left a task",
    );
    assert.equal(ran, perHour);
    assert.equal(models.calls.length, calls);
  });

  it("pages the list behind signed cursors: an altered cursor, or a conversation list's, is refused", async () => {
    const { application } = consultationFixture();
    for (let index = 0; index < 53; index += 1)
      await application.startTask(localCaller, { tool: "agent.second_opinion" }, answer(`${index}`));
    const first = await application.listTasks(localCaller, {});
    assert.equal(first.tasks.length, 50);
    assert.ok(first.nextCursor);
    const second = await application.listTasks(localCaller, { cursor: first.nextCursor });
    assert.equal(second.tasks.length, 3);
    assert.equal(second.nextCursor, undefined);
    const ids = new Set([...first.tasks, ...second.tasks].map((task) => task.taskId));
    assert.equal(ids.size, 53, "every task once");

    const [payload = "", mac = ""] = first.nextCursor.split(".");
    const position = JSON.parse(Buffer.from(payload, "base64url").toString()) as Record<string, unknown>;
    const forged = Buffer.from(JSON.stringify({ ...position, t: "2000-01-01T00:00:00.000Z" })).toString(
      "base64url",
    );
    const unsigned = Buffer.from(JSON.stringify(["2000-01-01T00:00:00.000Z", "x"])).toString("base64url");
    const altered = `${payload}.${mac.slice(0, -1)}${mac.endsWith("A") ? "B" : "A"}`;
    for (const cursor of [`${forged}.${mac}`, altered, unsigned, "nonsense"]) {
      await assert.rejects(
        application.listTasks(localCaller, { cursor }),
        (error: ServiceError) =>
          error.code === "invalid_argument" && /cursor is not valid/.test(error.message),
      );
    }

    await application.secondOpinion(localCaller, { question: "one", maxOpinions: 0 }, { signal });
    await application.secondOpinion(localCaller, { question: "two", maxOpinions: 0 }, { signal });
    const conversations = await application.listConversations(localCaller, { limit: 1 });
    assert.ok(conversations.nextCursor);
    await assert.rejects(
      application.listTasks(localCaller, { cursor: conversations.nextCursor }),
      refusedWith("invalid_argument"),
    );
  });

  it("refuses a bad time to live or task id as invalid_argument, before any task is made", async () => {
    const { application } = consultationFixture();
    for (const ttl of [1.5, -5, 0, 999, "600000", 1e300]) {
      await assert.rejects(
        application.startTask(ann, { tool: "agent.second_opinion", ttl }, answer("never")),
        (error: ServiceError) =>
          error.code === "invalid_argument" &&
          /^task\.ttl .* is not a whole number of milliseconds/.test(error.message),
      );
    }
    assert.deepEqual((await application.listTasks(ann, {})).tasks, []);
    const cut = await application.startTask(ann, { tool: "agent.second_opinion", ttl: 1e12 }, answer("kept"));
    assert.equal(cut.ttlMs, defaultTaskLifetimes.maxTtlMs, "a longer time to live is cut to the longest");
    for (const input of [{}, { taskId: "" }, { taskId: 7 }]) {
      await assert.rejects(application.getTask(ann, input), refusedWith("invalid_argument"));
    }
  });

  it("says store_unavailable when the tasks cannot be read, never another code", async () => {
    const { store } = consultationFixture();
    const failing = {
      ...store.tasks,
      get: async () => {
        throw new StoreUnavailableError("The database is locked by another program; try again.");
      },
    };
    const tasks = createTaskRunner(
      failing,
      { staleMs: 60_000, ...defaultTaskLifetimes },
      () => new Date(),
      () => {},
    );
    const { application } = consultationFixture(undefined, { tasks });
    try {
      await assert.rejects(
        application.getTask(ann, { taskId: "00000000-0000-4000-8000-000000000000" }),
        refusedWith("store_unavailable"),
      );
    } finally {
      await tasks.close();
    }
  });
});
