import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useId, useState, type FormEvent } from "react";
import { errorMessage } from "shared-auth";
import { fetchMessages, messagesKey, sendToClass, sendToToday, sentTo } from "../lib/class-messages";
import { clockTime } from "../lib/today";
import { describedBy, Field, inputClass, OnDemandState, secondaryClass } from "./ui";
import { fieldErrors } from "shared-auth/field-errors";

/** A subject and a message, sent as text; the API's field errors land under their fields. */
function MessageForm({
  label,
  onSend,
  onCancel,
}: {
  label: string;
  onSend: (message: { subject: string; body: string }) => Promise<string>;
  onCancel: () => void;
}) {
  const id = useId();
  const [subject, setSubject] = useState("");
  const [body, setBody] = useState("");
  const [fields, setFields] = useState<Record<string, string>>({});
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [done, setDone] = useState("");
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setBusy(true);
    setProblem(null);
    setFields({});
    try {
      setDone(await onSend({ subject, body }));
      setSubject("");
      setBody("");
    } catch (error) {
      setFields(fieldErrors(error));
      setProblem(errorMessage(error));
    } finally {
      setBusy(false);
    }
  };
  return (
    <form onSubmit={(e) => void submit(e)} aria-label={label} className="mt-3 flex flex-col gap-3">
      <Field id={`${id}-subject`} label="Subject" error={fields.subject}>
        <input
          id={`${id}-subject`}
          className={inputClass}
          maxLength={120}
          required
          value={subject}
          aria-invalid={fields.subject ? true : undefined}
          aria-describedby={describedBy(`${id}-subject`, fields.subject)}
          onChange={(e) => setSubject(e.target.value)}
        />
      </Field>
      <Field
        id={`${id}-body`}
        label="Message"
        error={fields.body}
        hint="Sent as plain text to every guardian by e-mail."
      >
        <textarea
          id={`${id}-body`}
          className={inputClass}
          rows={4}
          maxLength={4000}
          required
          value={body}
          aria-invalid={fields.body ? true : undefined}
          aria-describedby={describedBy(`${id}-body`, fields.body, true)}
          onChange={(e) => setBody(e.target.value)}
        />
      </Field>
      {problem && (
        <p role="alert" className="font-semibold text-red-800 dark:text-red-300">
          {problem}
        </p>
      )}
      <p role="status" className="font-semibold text-green-800 empty:hidden dark:text-green-300">
        {done}
      </p>
      <div className="flex flex-wrap gap-2">
        <button type="submit" className={secondaryClass} disabled={busy}>
          {busy ? "Sending…" : "Send"}
        </button>
        <button type="button" className={secondaryClass} onClick={onCancel}>
          Close
        </button>
      </div>
    </form>
  );
}

/** A class's messages to its families: write one, and read those sent (fetched when opened). */
export function ClassMessages({ classId, className }: { classId: string; className: string }) {
  const queryClient = useQueryClient();
  const [writing, setWriting] = useState(false);
  const [reading, setReading] = useState(false);
  const listId = useId();
  const sent = useQuery({ queryKey: messagesKey(classId), queryFn: () => fetchMessages(classId), enabled: reading });
  return (
    <div className="mt-3 border-t border-slate-300 pt-3 dark:border-slate-700">
      <div className="flex flex-wrap gap-2">
        {!writing && (
          <button type="button" className={secondaryClass} onClick={() => setWriting(true)}>
            Message the families<span className="sr-only"> of {className}</span>
          </button>
        )}
        <button
          type="button"
          className={secondaryClass}
          aria-expanded={reading}
          aria-controls={listId}
          onClick={() => setReading(!reading)}
        >
          {reading ? "Hide messages sent" : "Messages sent"}
          <span className="sr-only"> to {className}</span>
        </button>
      </div>
      {writing && (
        <MessageForm
          label={`Message the families of ${className}`}
          onCancel={() => setWriting(false)}
          onSend={async (message) => {
            const made = await sendToClass(classId, message);
            await queryClient.invalidateQueries({ queryKey: messagesKey(classId) });
            return sentTo(made.recipients);
          }}
        />
      )}
      <div id={listId} aria-live="polite">
        {reading &&
          (!sent.isSuccess ? (
            <OnDemandState query={sent} loading="Loading the messages…" failed="The messages could not be loaded" />
          ) : sent.data.length === 0 ? (
            <p className="mt-2 text-slate-700 dark:text-slate-300">No message sent to this class yet.</p>
          ) : (
            <ul className="mt-2 flex flex-col gap-2" aria-label={`Messages sent to ${className}`}>
              {sent.data.map((m) => (
                <li
                  key={m._id}
                  className="rounded-lg bg-slate-50 p-3 text-slate-900 dark:bg-slate-900 dark:text-slate-100"
                >
                  <p className="font-semibold">{m.subject}</p>
                  <p className="text-sm text-slate-700 dark:text-slate-300">
                    {m.sender_name},{" "}
                    {new Date(m.sent_at).toLocaleDateString("en-US", { month: "short", day: "numeric" })}{" "}
                    {clockTime(m.sent_at)} · {sentTo(m.recipients)}
                  </p>
                  <p className="mt-1 whitespace-pre-line">{m.body}</p>
                </li>
              ))}
            </ul>
          ))}
      </div>
    </div>
  );
}

/** One message to the families of every class of today (the caller's own; all for an admin). */
export function MessageToday({ isAdmin }: { isAdmin: boolean }) {
  const queryClient = useQueryClient();
  const [writing, setWriting] = useState(false);
  const label = isAdmin ? "Message every class today" : "Message all my classes today";
  return writing ? (
    <MessageForm
      label={label}
      onCancel={() => setWriting(false)}
      onSend={async (message) => {
        const made = await sendToToday(message);
        await queryClient.invalidateQueries({ queryKey: ["class-messages"] });
        return `${made.classes} ${made.classes === 1 ? "class" : "classes"}: ${sentTo(made.recipients)}`;
      }}
    />
  ) : (
    <button type="button" className={secondaryClass} onClick={() => setWriting(true)}>
      {label}
    </button>
  );
}
