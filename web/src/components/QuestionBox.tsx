// The question's text box: labelled for a new question or a follow-up; Ctrl+Enter (Cmd+Enter) sends it.

/** The text box; `onSend` is called on Ctrl+Enter. */
export function QuestionBox({
  question,
  followUp,
  onChange,
  onSend,
}: {
  question: string;
  followUp: boolean;
  onChange: (question: string) => void;
  onSend: () => void;
}) {
  return (
    <>
      <label htmlFor="question">{followUp ? "Follow-up question" : "Your question"}</label>
      <textarea
        id="question"
        value={question}
        rows={4}
        placeholder={followUp ? "Ask a follow-up in this conversation…" : "Ask several models at once…"}
        onChange={(event) => onChange(event.target.value)}
        onKeyDown={(event) => {
          if (event.key === "Enter" && (event.ctrlKey || event.metaKey)) {
            event.preventDefault();
            onSend();
          }
        }}
      />
    </>
  );
}
