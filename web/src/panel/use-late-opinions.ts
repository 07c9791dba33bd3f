// Keeps the panel's answer current while models it was given without are still answering: looks at the
// stored turn on the schedule of late-opinions.ts (and at once when asked), and stops when none is
// pending, when the schedule ends, or when a look fails (a rate limit, say), saying why.

import type { App } from "@modelcontextprotocol/ext-apps";
import { useCallback, useEffect, useState } from "react";
import type { Answer, SecondOpinionResult } from "../api.ts";
import { lookSchedule, readStoredTurn, siblingToolName } from "./late-opinions.ts";

/** What the panel shows of the late opinions, and how to look for them at once. */
export interface LateOpinions {
  /** The stored turn as last read, once read. */
  turn: Answer | undefined;
  /** Why the panel stopped looking, when it did with models still pending. */
  note: string;
  /** Whether a look is under way. */
  looking: boolean;
  lookNow(): void;
}

/** What is known of one answer's late opinions: the looks made and the turn read. */
interface Following {
  of: SecondOpinionResult | undefined;
  looks: number;
  turn?: Answer;
  note: string;
}

const start = (of: SecondOpinionResult | undefined): Following => ({ of, looks: 0, note: "" });

/** The error text of a failed tool result. */
function errorText(result: { content?: { type: string; text?: string }[] }): string {
  return (result.content ?? []).map((block) => block.text ?? "").join(" ") || "The call failed.";
}

/** Follows the late opinions of `result` through `app`'s host. */
export function useLateOpinions(app: App | null, result: SecondOpinionResult | undefined): LateOpinions {
  const [following, setFollowing] = useState(() => start(result));
  const [looking, setLooking] = useState(false);
  // A new answer: nothing read of it yet.
  const current = following.of === result ? following : start(result);
  if (current !== following) setFollowing(current);

  const look = useCallback(async () => {
    const messageId = result?.assistantMessageId;
    if (!app || !result || !messageId) return;
    const update = (change: Partial<Following>) =>
      setFollowing((known) => (known.of === result ? { ...known, ...change } : known));
    const callTool = async (name: string, input: Record<string, unknown>) => {
      const answer = await app.callServerTool({ name, arguments: input });
      if (answer.isError || !answer.structuredContent) throw new Error(errorText(answer));
      return answer.structuredContent as Record<string, unknown>;
    };
    setLooking(true);
    try {
      const historyTool = siblingToolName(
        app.getHostContext()?.toolInfo?.tool.name,
        "conversation.get-history",
      );
      const turn = await readStoredTurn(callTool, historyTool, result.conversationId, messageId);
      update({ ...(turn ? { turn } : {}), note: "" });
    } catch (failure) {
      update({
        looks: lookSchedule.length,
        note: `The opinions still coming could not be read: ${(failure as Error).message}`,
      });
    } finally {
      setLooking(false);
    }
  }, [app, result]);

  const pending = ((current.turn ?? result)?.pendingModels ?? []).length > 0;
  const { looks } = current;
  useEffect(() => {
    if (!pending || !result?.assistantMessageId) return;
    const seconds = lookSchedule[looks];
    if (seconds === undefined) {
      setFollowing((known) =>
        known.note ? known : { ...known, note: "Still answering after a few minutes: look again later." },
      );
      return;
    }
    const timer = setTimeout(() => {
      void look().finally(() =>
        setFollowing((known) =>
          known.of === result && known.looks === looks ? { ...known, looks: looks + 1 } : known,
        ),
      );
    }, seconds * 1000);
    return () => clearTimeout(timer);
  }, [pending, looks, look, result]);

  return { turn: current.turn, note: current.note, looking, lookNow: () => void look() };
}
