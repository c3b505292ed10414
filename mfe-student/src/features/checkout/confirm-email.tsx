import { useEffect, useRef, useState } from "react";
import { Link } from "react-router-dom";
import { accountErrorMessage, refreshEmailVerification, sendVerificationEmail } from "shared-auth";
import { actionButton, card } from "../../components/styles";

/** A returning tab asks again at most this often (each check is a sign-in exchange, rate limited). */
const RECHECK_MS = 15_000;

const plainButton =
  "inline-flex items-center justify-center rounded-full border border-slate-300 px-5 py-2.5 font-semibold text-slate-800 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-orange-500 disabled:cursor-not-allowed disabled:opacity-60 dark:border-slate-600 dark:text-slate-100 dark:hover:bg-slate-800";

type Note = { kind: "status" | "alert"; text: string } | null;

/**
 * Shown instead of the card form while the student's e-mail address is not confirmed (decision
 * 028): the API would refuse the checkout with a 403, which the site treats as the end of the
 * session (spec section 8), so the page never asks for it then. It checks again by itself when it
 * opens and when the student comes back to the tab (the link is usually opened in the mail app),
 * and on request; once the API says the address is confirmed, the store changes and the checkout
 * opens in its place.
 */
export function ConfirmEmailFirst({ email }: { email: string }) {
  const [checking, setChecking] = useState(false);
  const [sending, setSending] = useState(false);
  const [note, setNote] = useState<Note>(null);
  const lastCheck = useRef(0);

  // A check nobody asked for (on opening, on coming back to the tab) says nothing: if the address
  // is confirmed the store changes and the checkout replaces this panel; otherwise all stays as is.
  useEffect(() => {
    const silentCheck = () => {
      lastCheck.current = Date.now();
      refreshEmailVerification().catch(() => undefined);
    };
    silentCheck();
    const onVisible = () => {
      if (document.visibilityState === "visible" && Date.now() - lastCheck.current > RECHECK_MS) silentCheck();
    };
    document.addEventListener("visibilitychange", onVisible);
    return () => document.removeEventListener("visibilitychange", onVisible);
  }, []);

  async function check() {
    lastCheck.current = Date.now();
    setChecking(true);
    setNote(null);
    try {
      if (!(await refreshEmailVerification())) {
        setNote({
          kind: "alert",
          text: "Your address is not confirmed yet. Open the link in the e-mail first, then try again.",
        });
      }
    } catch (error) {
      setNote({ kind: "alert", text: accountErrorMessage(error) });
    } finally {
      setChecking(false);
    }
  }

  async function resend() {
    setSending(true);
    setNote(null);
    try {
      await sendVerificationEmail();
      setNote({ kind: "status", text: `A new link is on its way to ${email}. Check the spam folder too.` });
    } catch (error) {
      setNote({ kind: "alert", text: accountErrorMessage(error) });
    } finally {
      setSending(false);
    }
  }

  return (
    <section aria-labelledby="confirm-email" className={`p-6 ${card}`}>
      <h2 id="confirm-email" className="font-display text-xl font-bold text-slate-900 dark:text-white">
        Confirm your e-mail address to pay
      </h2>
      <p className="mt-2 text-slate-700 dark:text-slate-300">
        We send your receipt and the camp&apos;s practical details to <strong className="break-all">{email}</strong>, so
        we need to know it reaches you. When you signed up we e-mailed you a link: open it, then come back here. Your
        classes stay in your cart, and nothing is held or charged until you pay.
      </p>
      <div className="mt-4 flex flex-wrap gap-3">
        <button type="button" className={actionButton} disabled={checking} onClick={() => void check()}>
          {checking ? "Checking…" : "I have confirmed it"}
        </button>
        <button type="button" className={plainButton} disabled={sending} onClick={() => void resend()}>
          {sending ? "Sending…" : "Resend verification e-mail"}
        </button>
        <Link to="/dashboard/mydashboard" className={plainButton}>
          Back to my cart
        </Link>
      </div>
      {note && (
        <p
          role={note.kind}
          className={`mt-4 ${note.kind === "alert" ? "text-red-700 dark:text-red-300" : "text-slate-700 dark:text-slate-300"}`}
        >
          {note.text}
        </p>
      )}
    </section>
  );
}
