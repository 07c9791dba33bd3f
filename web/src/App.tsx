// The page: sign in when the server has accounts; a sidebar of conversations; the question box (with its
// files, shown beside the question once sent), live progress with the answers forming, and the answer;
// the opinions of models still answering when it was given, filled in as they land (for a fresh answer
// and for one opened from the sidebar alike); follow-ups in the same conversation; light and dark themes.
// The open conversation is in the address (see conversation-route.ts): a reload keeps it, back and
// forward move between conversations, and an address of a conversation not the user's says so.

import { useCallback, useEffect, useRef, useState } from "react";
import {
  type Answer,
  ApiError,
  api,
  type ConversationSummary,
  consult,
  followLateOpinions,
  type PageModel,
  type PanelDescription,
  type PriceDataInfo,
  type SignedInState,
  signedOut,
} from "./api.ts";
import { sizeLabel } from "./attachments.ts";
import { AskForm } from "./components/AskForm.tsx";
import { type Forming, FormingAnswers, nextForming, nothingForming } from "./components/FormingAnswers.tsx";
import { Markdown } from "./components/Markdown.tsx";
import { nextRows, Progress, type ProgressRow } from "./components/Progress.tsx";
import { Result } from "./components/Result.tsx";
import { Sidebar } from "./components/Sidebar.tsx";
import { SignIn } from "./components/SignIn.tsx";
import { type AskRequest, consultationInput } from "./consultation-input.ts";
import { addressOf, conversationInAddress, showInAddress } from "./conversation-route.ts";

interface Turn {
  id: number;
  question: string;
  /** The files attached to the question. */
  attachments?: { name: string; bytes: number }[];
  result?: Answer;
  reply?: string;
  /** The stored answer's id, by which its late opinions are followed. */
  messageId?: string;
  /** Models still answering when the answer was given whose opinion will never land. */
  unlanded?: string[];
}

type Theme = "auto" | "light" | "dark";

function describe(error: unknown): string {
  if (error instanceof ApiError) {
    const retry =
      typeof error.details.retryAt === "string"
        ? ` (retry after ${new Date(error.details.retryAt).toLocaleTimeString()})`
        : "";
    return `${error.message}${retry}`;
  }
  return (error as Error).message;
}

export function App() {
  const [me, setMe] = useState<SignedInState | undefined>();
  const [models, setModels] = useState<PageModel[]>([]);
  const [panels, setPanels] = useState<PanelDescription[]>([]);
  const [priceData, setPriceData] = useState<PriceDataInfo | undefined>();
  const [conversations, setConversations] = useState<ConversationSummary[]>([]);
  const [conversationId, setConversationId] = useState<string | undefined>();
  const [turns, setTurns] = useState<Turn[]>([]);
  const [rows, setRows] = useState<Record<string, ProgressRow>>({});
  const [forming, setForming] = useState<Forming>(nothingForming);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState("");
  const [theme, setTheme] = useState<Theme>(() => (localStorage.getItem("theme") as Theme | null) ?? "auto");
  const running = useRef<AbortController | undefined>(undefined);
  const following = useRef(new Set<AbortController>());
  /** The conversation asked for last: an older one that loads after it is not shown. */
  const opening = useRef<string | undefined>(undefined);
  /** Shows what the address names; kept current so the hashchange listener calls the latest. */
  const route = useRef<() => void>(() => {});

  /** Fills in the answer `messageId`'s late opinions as they land, until all have (or never will). */
  const follow = useCallback((messageId: string) => {
    const controller = new AbortController();
    following.current.add(controller);
    const update = (change: (turn: Turn) => Turn) =>
      setTurns((previous) => previous.map((turn) => (turn.messageId === messageId ? change(turn) : turn)));
    followLateOpinions(messageId, (result) => update((turn) => ({ ...turn, result })), controller.signal)
      .then((unlanded) => {
        if (unlanded.length > 0) update((turn) => ({ ...turn, unlanded }));
      })
      .catch((failure) => {
        if (!controller.signal.aborted)
          setError(`The opinions still coming cannot be shown: ${describe(failure)} Reload to see them.`);
      })
      .finally(() => following.current.delete(controller));
  }, []);

  /** Stops following late opinions (another conversation is shown). */
  const stopFollowing = useCallback(() => {
    for (const controller of following.current) controller.abort();
    following.current.clear();
  }, []);

  useEffect(() => stopFollowing, [stopFollowing]);

  useEffect(() => {
    document.documentElement.dataset.theme = theme;
    localStorage.setItem("theme", theme);
  }, [theme]);

  const refresh = useCallback(async () => {
    setConversations((await api.conversations()).conversations);
  }, []);

  const load = useCallback(async () => {
    const who = await api.me();
    setMe(who);
    if (!who.signedIn) return;
    const listing = await api.models();
    setModels(listing.models);
    setPanels(listing.panels ?? []);
    setPriceData(listing.priceData);
    await refresh();
    route.current();
  }, [refresh]);

  useEffect(() => {
    const onChange = () => route.current();
    window.addEventListener("hashchange", onChange);
    return () => window.removeEventListener("hashchange", onChange);
  }, []);

  useEffect(() => {
    load().catch((failure) => setError(describe(failure)));
  }, [load]);

  // The server no longer knows this page (its session ended, or its key was revoked): sign in again.
  useEffect(() => {
    const onSignedOut = () => setMe((known) => (known?.signedIn ? { ...known, signedIn: false } : known));
    signedOut.addEventListener("signed-out", onSignedOut);
    return () => signedOut.removeEventListener("signed-out", onSignedOut);
  }, []);

  /** Shows a new question: no conversation, nothing following. */
  const clear = () => {
    opening.current = undefined;
    stopFollowing();
    setConversationId(undefined);
    setTurns([]);
    setRows({});
  };

  const open = async (id: string) => {
    setError("");
    stopFollowing();
    opening.current = id;
    try {
      const { messages } = (await api.history(id)).history;
      if (opening.current !== id) return;
      const loaded: Turn[] = [];
      for (const message of messages) {
        if (message.role === "user") {
          const attachments = message.metadata.attachments ?? [];
          loaded.push({
            id: message.sequence,
            question: message.content,
            ...(attachments.length > 0 ? { attachments } : {}),
          });
        } else if (loaded.length > 0) {
          const turn = loaded[loaded.length - 1] as Turn;
          if (message.metadata.secondOpinion) {
            turn.result = message.metadata.secondOpinion;
            turn.messageId = message.id;
          } else turn.reply = message.content;
        }
      }
      setConversationId(id);
      setTurns(loaded);
      setRows({});
      for (const turn of loaded) {
        if (turn.messageId && (turn.result?.pendingModels ?? []).length > 0) follow(turn.messageId);
      }
    } catch (failure) {
      if (opening.current !== id) return;
      const unknown = ["conversation_not_found", "invalid_argument"];
      if (failure instanceof ApiError && unknown.includes(failure.code)) {
        clear();
        setError(
          "This address names a conversation that is not among yours: it was deleted, or the link is someone else's. Pick one from the list, or ask a new question.",
        );
      } else setError(describe(failure));
    }
  };

  route.current = () => {
    const id = conversationInAddress();
    if (id) void open(id);
    else {
      setError("");
      clear();
    }
  };

  /** Opens conversation `id` (a new question when undefined) through the address, so back returns. */
  const navigate = (id: string | undefined) => {
    if (conversationInAddress() === id) route.current();
    else window.location.hash = addressOf(id);
  };

  const ask = async (request: AskRequest) => {
    setError("");
    setBusy(true);
    setRows({});
    setForming(nothingForming);
    const controller = new AbortController();
    running.current = controller;
    const id = Date.now();
    const asked: Turn = {
      id,
      question: request.question,
      ...(request.attachments.length > 0
        ? { attachments: request.attachments.map(({ name, bytes }) => ({ name, bytes })) }
        : {}),
    };
    setTurns((previous) => [...previous, asked]);
    try {
      const result = await consult(
        consultationInput(request, conversationId),
        (event) => {
          setRows((previous) => nextRows(previous, event));
          setForming((previous) => nextForming(previous, event));
        },
        controller.signal,
      );
      setConversationId(result.conversationId);
      showInAddress(result.conversationId);
      const messageId = result.assistantMessageId ?? undefined;
      const pending = result.pendingModels ?? [];
      // An answer that was not saved has no turn for its late opinions to join.
      const unlanded = !messageId && pending.length > 0 ? { unlanded: pending } : {};
      setTurns((previous) => [
        ...previous.slice(0, -1),
        { ...asked, result, ...(messageId ? { messageId } : {}), ...unlanded },
      ]);
      if (messageId && pending.length > 0) follow(messageId);
      await refresh();
    } catch (failure) {
      setTurns((previous) => previous.slice(0, -1));
      if (!controller.signal.aborted) setError(describe(failure));
    } finally {
      setBusy(false);
      running.current = undefined;
    }
  };

  if (!me)
    return (
      <main className="loading">
        {error ? (
          <p role="alert" className="error">
            {error}
          </p>
        ) : (
          "Loading…"
        )}
      </main>
    );
  if (!me.signedIn) return <SignIn mode={me.authMode} onSignedIn={() => void load()} />;

  return (
    <div className="layout">
      <Sidebar
        conversations={conversations}
        current={conversationId}
        onOpen={navigate}
        onNew={() => navigate(undefined)}
        onChanged={async () => {
          await refresh();
          if (
            conversationId &&
            !(await api.conversations()).conversations.some((item) => item.id === conversationId)
          ) {
            clear();
            showInAddress(undefined);
          }
        }}
        onError={setError}
      />
      <main>
        <header className="top">
          <h1>AI Universe</h1>
          <span className="meta">{me.authMode === "none" ? "local" : `${me.userId} (${me.tier})`}</span>
          <button
            type="button"
            className="small"
            aria-label={`Theme: ${theme}, switch theme`}
            onClick={() => setTheme(theme === "auto" ? "dark" : theme === "dark" ? "light" : "auto")}
          >
            Theme: {theme}
          </button>
          {me.authMode !== "none" && (
            <button
              type="button"
              className="small"
              onClick={async () => {
                await api.signOut();
                await load();
              }}
            >
              Sign out
            </button>
          )}
        </header>
        {error && (
          <p role="alert" className="error">
            {error}
          </p>
        )}
        {turns.map((turn) => (
          <section key={turn.id} className="turn">
            <p className="question">
              <strong>Q:</strong> {turn.question}
            </p>
            {turn.attachments && (
              <p className="meta attached">
                Attached:{" "}
                {turn.attachments.map((file) => `${file.name} (${sizeLabel(file.bytes)})`).join(", ")}
              </p>
            )}
            {turn.result && (
              <Result result={turn.result} {...(turn.unlanded ? { unlanded: turn.unlanded } : {})} />
            )}
            {turn.reply && <Markdown text={turn.reply} className="markdown reply" />}
          </section>
        ))}
        {Object.keys(rows).length > 0 && busy && <Progress rows={rows} />}
        {busy && <FormingAnswers forming={forming} />}
        <AskForm
          models={models}
          panels={panels}
          {...(priceData ? { priceData } : {})}
          busy={busy}
          followUp={conversationId !== undefined}
          onAsk={(request) => void ask(request)}
          onCancel={() => running.current?.abort()}
        />
      </main>
    </div>
  );
}
