// The page: sign in when the server has accounts; a sidebar of conversations; the question box (with its
// files, shown beside the question once sent), live progress with the answers forming, and the answer;
// the opinions of models still answering when it was given, filled in as they land (for a fresh answer
// and for one opened from the sidebar alike); follow-ups in the same conversation; light and dark themes.
// The open conversation is in the address (page/use-conversation.ts): a reload keeps it, back and
// forward move between conversations, and an address of a conversation not the user's says so.

import { useRef, useState } from "react";
import { api } from "./api.ts";
import { AskForm } from "./components/AskForm.tsx";
import { FormingAnswers } from "./components/FormingAnswers.tsx";
import { Progress } from "./components/Progress.tsx";
import { Sidebar } from "./components/Sidebar.tsx";
import { SignIn } from "./components/SignIn.tsx";
import { TopBar } from "./components/TopBar.tsx";
import { TurnView } from "./components/TurnView.tsx";
import { showInAddress } from "./conversation-route.ts";
import { useAccount } from "./page/use-account.ts";
import { useAsk } from "./page/use-ask.ts";
import { useConversation } from "./page/use-conversation.ts";
import { useProgress } from "./page/use-progress.ts";
import { useTheme } from "./page/use-theme.ts";

/** The page. */
export function App() {
  const [error, setError] = useState("");
  const [theme, nextTheme] = useTheme();
  /** Shows what the address names; kept current so the hashchange listener calls the latest. */
  const route = useRef<() => void>(() => {});
  const account = useAccount(route, setError);
  const progress = useProgress();
  const conversation = useConversation(route, setError, progress.clearRows);
  const asking = useAsk(conversation, progress, account.refresh, setError);
  const { me, refresh, load } = account;
  const { conversationId } = conversation;

  if (!me) return <Loading error={error} />;
  if (!me.signedIn) return <SignIn mode={me.authMode} onSignedIn={() => void load()} />;

  /** After a rename or delete: the list again, and a new question if the open conversation went. */
  const changed = async () => {
    await refresh();
    if (
      conversationId &&
      !(await api.conversations()).conversations.some((item) => item.id === conversationId)
    ) {
      conversation.clear();
      showInAddress(undefined);
    }
  };

  return (
    <div className="layout">
      <Sidebar
        conversations={account.conversations}
        current={conversationId}
        onOpen={conversation.navigate}
        onNew={() => conversation.navigate(undefined)}
        onChanged={changed}
        onError={setError}
      />
      <main>
        <TopBar
          me={me}
          theme={theme}
          onNextTheme={nextTheme}
          onSignOut={async () => {
            await api.signOut();
            await load();
          }}
        />
        {error && (
          <p role="alert" className="error">
            {error}
          </p>
        )}
        {conversation.turns.map((turn, index) => (
          <TurnView
            key={turn.id}
            turn={turn}
            onAskAgain={asking.busy ? undefined : () => void asking.askAgain(index + 1, turn.question)}
          />
        ))}
        {Object.keys(progress.rows).length > 0 && asking.busy && <Progress rows={progress.rows} />}
        {asking.busy && <FormingAnswers forming={progress.forming} />}
        <AskForm
          models={account.models}
          panels={account.panels}
          {...(account.priceData ? { priceData: account.priceData } : {})}
          busy={asking.busy}
          followUp={conversationId !== undefined}
          onAsk={(request) => void asking.ask(request)}
          onCancel={asking.cancel}
        />
      </main>
    </div>
  );
}

/** Before the page knows who is signed in: "Loading…", or why it cannot load. */
function Loading({ error }: { error: string }) {
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
}
