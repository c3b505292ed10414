import { useEffect, useRef, useState } from "react";
import {
  accountErrorMessage,
  prepareGoogleSignIn,
  signInWithGoogle,
  usesAccountChooser,
  type GoogleTestAccount,
} from "shared-auth";
import { primaryButton, secondaryButton } from "./button-styles";
import { Field } from "./fields";
import { EMAIL_PATTERN } from "./rules";

/** Accounts the local chooser offers; the emulator accepts any Google identity. */
const TEST_ACCOUNTS: GoogleTestAccount[] = [
  { name: "Gina Goalkeeper", email: "gina.goalkeeper@example.com" },
  { name: "Omar Outfield", email: "omar.outfield@example.com" },
];

function GoogleMark() {
  return (
    <svg viewBox="0 0 24 24" className="h-5 w-5" aria-hidden="true">
      <path
        fill="#4285F4"
        d="M22.5 12.2c0-.8-.1-1.5-.2-2.2H12v4.2h5.9a5 5 0 0 1-2.2 3.3v2.7h3.5c2.1-1.9 3.3-4.7 3.3-8z"
      />
      <path
        fill="#34A853"
        d="M12 23c3 0 5.5-1 7.2-2.7l-3.5-2.7c-1 .7-2.2 1.1-3.7 1.1-2.9 0-5.3-1.9-6.2-4.5H2.2v2.8A11 11 0 0 0 12 23z"
      />
      <path fill="#FBBC05" d="M5.8 14.2a6.6 6.6 0 0 1 0-4.3V7.1H2.2a11 11 0 0 0 0 9.9l3.6-2.8z" />
      <path fill="#EA4335" d="M12 5.4c1.6 0 3 .6 4.2 1.6l3.1-3.1A11 11 0 0 0 2.2 7.1l3.6 2.8C6.7 7.3 9.1 5.4 12 5.4z" />
    </svg>
  );
}

/**
 * "Continue with Google": Google's popup in production; on the local emulator (Google is not
 * reachable) a small account chooser in a modal dialog.
 */
export function GoogleButton({
  label,
  onSignedIn,
  onError,
}: {
  label: string;
  onSignedIn: () => void;
  onError: (message: string) => void;
}) {
  const dialog = useRef<HTMLDialogElement>(null);
  const [busy, setBusy] = useState(false);
  const [other, setOther] = useState({ name: "", email: "" });
  const [otherError, setOtherError] = useState<string>();

  useEffect(() => () => dialog.current?.close(), []);
  useEffect(prepareGoogleSignIn, []);

  async function run(account?: GoogleTestAccount) {
    setBusy(true);
    try {
      await signInWithGoogle(account);
      dialog.current?.close();
      onSignedIn();
    } catch (error) {
      dialog.current?.close();
      onError(accountErrorMessage(error));
    } finally {
      setBusy(false);
    }
  }

  async function start() {
    try {
      if (await usesAccountChooser()) dialog.current?.showModal();
      else await run();
    } catch (error) {
      onError(accountErrorMessage(error));
    }
  }

  return (
    <>
      <button type="button" className={secondaryButton} onClick={() => void start()} disabled={busy}>
        <GoogleMark />
        {label}
      </button>
      <dialog
        ref={dialog}
        aria-labelledby="google-chooser-title"
        className="m-auto w-[min(26rem,calc(100vw-2rem))] rounded-2xl bg-white p-0 text-slate-800 shadow-2xl backdrop:bg-slate-950/60 dark:bg-slate-900 dark:text-slate-100"
      >
        <div className="p-6">
          <div className="flex items-center gap-2">
            <GoogleMark />
            <h2 id="google-chooser-title" className="font-display text-lg font-bold">
              Choose a Google account
            </h2>
          </div>
          <p className="mt-1 text-sm text-slate-500 dark:text-slate-400">
            Local test sign-in: Google itself is not reachable from this environment.
          </p>
          <ul className="mt-4 space-y-2">
            {TEST_ACCOUNTS.map((account) => (
              <li key={account.email}>
                <button
                  type="button"
                  disabled={busy}
                  onClick={() => void run(account)}
                  className="flex w-full items-center gap-3 rounded-xl border border-slate-200 px-4 py-3 text-left hover:border-indigo-400 hover:bg-indigo-50 disabled:opacity-60 dark:border-slate-700 dark:hover:bg-slate-800"
                >
                  <span
                    aria-hidden="true"
                    className="flex h-9 w-9 items-center justify-center rounded-full bg-indigo-700 font-bold text-white"
                  >
                    {account.name.slice(0, 1)}
                  </span>
                  <span>
                    <span className="block font-semibold">{account.name}</span>
                    <span className="block text-sm text-slate-500 dark:text-slate-400">{account.email}</span>
                  </span>
                </button>
              </li>
            ))}
          </ul>
          <form
            className="mt-5 space-y-3 border-t border-slate-200 pt-4 dark:border-slate-700"
            noValidate
            onSubmit={(event) => {
              event.preventDefault();
              if (!other.name.trim()) return setOtherError("Name is required");
              if (!EMAIL_PATTERN.test(other.email.trim())) return setOtherError("Enter a valid e-mail address.");
              setOtherError(undefined);
              void run({ name: other.name.trim(), email: other.email.trim().toLowerCase() });
            }}
          >
            <p className="text-sm font-semibold">Use another account</p>
            <Field label="Name" value={other.name} onChange={(e) => setOther({ ...other, name: e.target.value })} />
            <Field
              label="Google e-mail"
              type="email"
              value={other.email}
              onChange={(e) => setOther({ ...other, email: e.target.value })}
              error={otherError}
            />
            <button type="submit" className={primaryButton} disabled={busy}>
              Continue
            </button>
          </form>
          <button
            type="button"
            onClick={() => dialog.current?.close()}
            className="mt-3 w-full rounded-full px-4 py-2 text-sm font-semibold text-slate-600 hover:bg-slate-100 dark:text-slate-300 dark:hover:bg-slate-800"
          >
            Cancel
          </button>
        </div>
      </dialog>
    </>
  );
}
