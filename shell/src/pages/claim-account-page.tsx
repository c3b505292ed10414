import { useEffect, useState } from "react";
import { useForm } from "react-hook-form";
import { Link, useLocation, useNavigate } from "react-router-dom";
import { accountErrorMessage, api, errorMessage, signIn } from "shared-auth";
import type { ClaimOpened } from "shared-auth/wire";
import { AuthLayout } from "../account/auth-layout";
import { primaryButton, secondaryButton } from "../account/button-styles";
import { claimToken, linkEnded, setPasswordFromLink } from "../account/claim";
import { Field, FormMessage } from "../account/fields";
import { notifySuccess } from "../account/notices";
import { confirmPasswordRules, NEW_PASSWORD_HINT, newPasswordRules } from "../account/rules";

type LinkState =
  | { kind: "checking" }
  | { kind: "ready"; email: string; code: string }
  | { kind: "ended" }
  | { kind: "failed"; message: string }
  /** The password is set but signing in with it failed: the family logs in on the Log in page. */
  | { kind: "set"; message: string };

interface PasswordForm {
  password: string;
  confirm: string;
}

/**
 * /login?claim=<token> (the Log in page's own chunk, so no page carries it otherwise): a family the academy's office registered (decision 047) sets its
 * password from the link e-mailed to it: the API trades the link's token for a Firebase
 * password-reset code and names the account, the password goes to Firebase alone, and the family
 * is signed in as at any sign-in. A link that expired or was used says so and leads to Log in,
 * whose "Forgot password?" sends a new one.
 */
export function ClaimAccountPage() {
  const location = useLocation();
  const navigate = useNavigate();
  const token = claimToken(location.search);
  const [link, setLink] = useState<LinkState>(token ? { kind: "checking" } : { kind: "ended" });
  const [attempt, setAttempt] = useState(0);
  const [problem, setProblem] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<PasswordForm>({ defaultValues: { password: "", confirm: "" } });

  useEffect(() => {
    if (!token) return;
    let stopped = false;
    api.post<ClaimOpened>("/account-claims", { token }).then(
      ({ data }) => {
        if (!stopped) setLink({ kind: "ready", email: data.email, code: data.code });
      },
      (error: unknown) => {
        if (!stopped) setLink(linkEnded(error) ? { kind: "ended" } : { kind: "failed", message: errorMessage(error) });
      },
    );
    return () => {
      stopped = true;
    };
  }, [token, attempt]);

  const onSubmit = handleSubmit(async ({ password }) => {
    if (link.kind !== "ready") return;
    setProblem(null);
    try {
      await setPasswordFromLink(link.code, password);
    } catch (error) {
      if (linkEnded(error)) setLink({ kind: "ended" });
      else setProblem(accountErrorMessage(error));
      return;
    }
    try {
      // The shell's own sign-in: the API's session is made as at any sign-in, the role read from it.
      await signIn(link.email, password);
    } catch (error) {
      setLink({ kind: "set", message: accountErrorMessage(error) });
      return;
    }
    void notifySuccess("Your password is set: you are signed in.");
    navigate("/dashboard", { replace: true });
  });

  if (link.kind === "ended") {
    return (
      <AuthLayout title="This link has ended" intro="The link to set your password has expired or was already used.">
        <div className="space-y-5">
          <p className="text-slate-700 dark:text-slate-300">
            If you set your password already, log in with it. If not, enter your e-mail on the Log in page and choose
            Forgot password?: a new link is sent to you.
          </p>
          <Link to="/login" className={primaryButton}>
            Go to Log in
          </Link>
        </div>
      </AuthLayout>
    );
  }
  if (link.kind === "set") {
    return (
      <AuthLayout title="Your password is set" intro="Log in with your e-mail and the password you chose.">
        <div className="space-y-5">
          <FormMessage kind="error">{`You could not be logged in just now: ${link.message}`}</FormMessage>
          <Link to="/login" className={primaryButton}>
            Go to Log in
          </Link>
        </div>
      </AuthLayout>
    );
  }
  if (link.kind !== "ready") {
    return (
      <AuthLayout title="Set your password" intro="Your account at the academy is ready for you.">
        {link.kind === "checking" ? (
          <p role="status" className="text-slate-700 dark:text-slate-300">
            Checking your link…
          </p>
        ) : (
          <div className="space-y-5">
            <FormMessage kind="error">{`Your link could not be checked: ${link.message}`}</FormMessage>
            <button
              type="button"
              className={secondaryButton}
              onClick={() => {
                setLink({ kind: "checking" });
                setAttempt((n) => n + 1);
              }}
            >
              Try again
            </button>
          </div>
        )}
      </AuthLayout>
    );
  }

  return (
    <AuthLayout title="Set your password" intro={`Set a password for ${link.email}.`}>
      <form onSubmit={onSubmit} noValidate className="space-y-5" aria-label="Set your password">
        {problem && <FormMessage kind="error">{problem}</FormMessage>}
        {/* The account's address, for password managers to save with the new password. */}
        <input type="email" name="email" autoComplete="username" value={link.email} readOnly hidden />
        <Field
          label="Password"
          type="password"
          autoComplete="new-password"
          revealable
          hint={NEW_PASSWORD_HINT}
          error={errors.password?.message}
          {...register("password", newPasswordRules)}
        />
        <Field
          label="Confirm password"
          type="password"
          autoComplete="new-password"
          revealable
          error={errors.confirm?.message}
          {...register("confirm", confirmPasswordRules)}
        />
        <button type="submit" className={primaryButton} disabled={isSubmitting}>
          {isSubmitting ? "Setting your password…" : "Set password and log in"}
        </button>
      </form>
    </AuthLayout>
  );
}
