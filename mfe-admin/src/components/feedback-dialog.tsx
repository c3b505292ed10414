import { useId, useState } from "react";
import { errorMessage } from "shared-auth";
import { buttonStyles, inputStyles } from "./buttons";
import { useModal } from "./use-modal";

/** What the dialog asks for: feedback (the default), or the reason for a denial or a rejection. */
export interface DialogWords {
  title: string;
  label: string;
  required: string;
  submit: string;
  sending: string;
}

const feedbackWords = (className: string): DialogWords => ({
  title: `Feedback on ${className}`,
  label: "What the instructor should know (shown in their My Classes)",
  required: "Feedback is required.",
  submit: "Send feedback",
  sending: "Sending…",
});

/**
 * Words to a class's instructor (feedback, or a reason to say no), in a modal <dialog>: the
 * browser keeps focus inside it, Escape closes it, and focus goes back to the button that opened it.
 */
export function FeedbackDialog({
  className,
  initial,
  onSend,
  onClose,
  words = feedbackWords(className),
}: {
  className: string;
  initial: string;
  onSend: (feedback: string) => Promise<void>;
  onClose: () => void;
  words?: DialogWords;
}) {
  const ref = useModal();
  const id = useId();
  const [text, setText] = useState(initial);
  const [sending, setSending] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);

  return (
    <dialog
      ref={ref}
      aria-labelledby={`${id}-title`}
      onCancel={(e) => {
        e.preventDefault();
        if (!sending) onClose();
      }}
      className="m-auto w-[min(32rem,calc(100vw-2rem))] rounded-2xl bg-white p-0 text-slate-800 shadow-2xl backdrop:bg-slate-950/60 dark:bg-slate-900 dark:text-slate-100"
    >
      <form
        className="flex flex-col gap-4 p-6"
        onSubmit={(e) => {
          e.preventDefault();
          if (!text.trim()) {
            setProblem(words.required);
            return;
          }
          setSending(true);
          setProblem(null);
          onSend(text.trim()).then(onClose, (error: unknown) => {
            setSending(false);
            setProblem(errorMessage(error));
          });
        }}
      >
        <h2 id={`${id}-title`} className="font-display text-2xl font-bold text-slate-900 dark:text-white">
          {words.title}
        </h2>
        <label htmlFor={`${id}-text`} className="text-sm font-medium text-slate-700 dark:text-slate-300">
          {words.label}
        </label>
        <textarea
          id={`${id}-text`}
          value={text}
          onChange={(e) => setText(e.target.value)}
          rows={5}
          maxLength={2000}
          aria-invalid={problem !== null}
          aria-describedby={problem ? `${id}-problem` : undefined}
          className={inputStyles}
          autoFocus
        />
        {problem && (
          <p id={`${id}-problem`} role="alert" className="text-sm text-red-700 dark:text-red-300">
            {problem}
          </p>
        )}
        <div className="flex flex-wrap justify-end gap-3">
          <button type="button" className={buttonStyles.plain} onClick={onClose} disabled={sending}>
            Cancel
          </button>
          <button type="submit" className={buttonStyles.primary} disabled={sending} aria-busy={sending}>
            {sending ? words.sending : words.submit}
          </button>
        </div>
      </form>
    </dialog>
  );
}
