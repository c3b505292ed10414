import { useState } from "react";
import { useForm } from "react-hook-form";
import { changePassword, requestEmailChange } from "shared-auth";
import { secondaryButton } from "../account/button-styles";
import { Field, FormMessage } from "../account/fields";
import { accountChangeError } from "../account/firebase-fields";
import { PASSWORD_MAX, PASSWORD_MIN, PASSWORD_PATTERN, emailRules, messages } from "../account/rules";

type Result = { kind: "error" | "info"; text: string } | null;

const sectionClass = "mt-8 border-t border-slate-200 pt-4 dark:border-slate-800";
const headingClass = "font-display text-2xl font-bold text-slate-900 dark:text-white";
const buttonWidth = "sm:w-64";

interface PasswordForm {
  current: string;
  password: string;
  confirm: string;
}

/** Settings: a new password (the sign-up rules of spec section 5), after the current one. */
export function ChangePasswordSection({ hasPassword }: { hasPassword: boolean }) {
  const [result, setResult] = useState<Result>(null);
  const {
    register,
    handleSubmit,
    setError,
    reset,
    formState: { errors, isSubmitting },
  } = useForm<PasswordForm>({ defaultValues: { current: "", password: "", confirm: "" } });

  const onSubmit = handleSubmit(async ({ current, password }) => {
    setResult(null);
    try {
      await changePassword(current, password);
      reset();
      setResult({ kind: "info", text: "Your password is changed. Use the new one next time you log in." });
    } catch (error) {
      const problem = accountChangeError(error);
      if (problem.field === "current" || problem.field === "password") {
        setError(problem.field, { message: problem.message }, { shouldFocus: true });
      } else setResult({ kind: "error", text: problem.message });
    }
  });

  return (
    <section aria-labelledby="password-title" className={sectionClass}>
      <h2 id="password-title" className={headingClass}>
        Password
      </h2>
      {hasPassword ? (
        <form onSubmit={onSubmit} noValidate className="mt-4 space-y-5" aria-labelledby="password-title">
          {result && <FormMessage kind={result.kind}>{result.text}</FormMessage>}
          <Field
            label="Current password"
            type="password"
            autoComplete="current-password"
            revealable
            error={errors.current?.message}
            {...register("current", { required: "Enter your current password" })}
          />
          <Field
            label="New password"
            type="password"
            autoComplete="new-password"
            revealable
            hint={`${PASSWORD_MIN} to ${PASSWORD_MAX} characters, with an upper-case and a lower-case letter, a number and one of ! @ # $ & *`}
            error={errors.password?.message}
            {...register("password", {
              required: messages.passwordRequired,
              minLength: { value: PASSWORD_MIN, message: messages.passwordMin },
              maxLength: { value: PASSWORD_MAX, message: messages.passwordMax },
              pattern: { value: PASSWORD_PATTERN, message: messages.passwordPattern },
              validate: (value, all) => value !== all.current || "Choose a password different from the current one",
            })}
          />
          <Field
            label="Confirm new password"
            type="password"
            autoComplete="new-password"
            revealable
            error={errors.confirm?.message}
            {...register("confirm", {
              required: messages.confirmRequired,
              validate: (value, all) => value === all.password || messages.confirmMismatch,
            })}
          />
          <div className={buttonWidth}>
            <button type="submit" className={secondaryButton} disabled={isSubmitting}>
              {isSubmitting ? "Changing…" : "Change password"}
            </button>
          </div>
        </form>
      ) : (
        <p className="mt-2 text-sm text-slate-600 dark:text-slate-400">
          You log in with Google, so your password is your Google account&apos;s: change it at Google.
        </p>
      )}
    </section>
  );
}

interface EmailForm {
  email: string;
  current: string;
}

/**
 * Settings: a new e-mail address. Firebase sends a link to it and changes nothing until it is
 * opened; the academy's record, with the family's campers, seats and payments, follows at the next
 * log-in with the new address.
 */
export function ChangeEmailSection({ email, hasPassword }: { email: string; hasPassword: boolean }) {
  const [result, setResult] = useState<Result>(null);
  const {
    register,
    handleSubmit,
    setError,
    reset,
    formState: { errors, isSubmitting },
  } = useForm<EmailForm>({ defaultValues: { email: "", current: "" } });

  const onSubmit = handleSubmit(async ({ email: newEmail, current }) => {
    setResult(null);
    try {
      await requestEmailChange(hasPassword ? current : null, newEmail);
      reset();
      setResult({
        kind: "info",
        text:
          `We sent a link to ${newEmail.trim()}. Your address changes when you open it; then log in with the new ` +
          `address. Your campers, classes and payments move with it. Until then, keep using ${email}.`,
      });
    } catch (error) {
      const problem = accountChangeError(error);
      if (problem.field === "current") setError("current", { message: problem.message }, { shouldFocus: true });
      else if (problem.field === "email") setError("email", { message: problem.message }, { shouldFocus: true });
      else setResult({ kind: "error", text: problem.message });
    }
  });

  return (
    <section aria-labelledby="email-title" className={sectionClass}>
      <h2 id="email-title" className={headingClass}>
        E-mail address
      </h2>
      <p className="mt-2 text-sm text-slate-600 dark:text-slate-400">
        You log in with <span className="font-semibold break-all">{email}</span>. A new address must be confirmed before
        it replaces this one.
      </p>
      <form onSubmit={onSubmit} noValidate className="mt-4 space-y-5" aria-labelledby="email-title">
        {result && <FormMessage kind={result.kind}>{result.text}</FormMessage>}
        <Field
          label="New e-mail address"
          type="email"
          inputMode="email"
          autoComplete="email"
          error={errors.email?.message}
          {...register("email", {
            ...emailRules,
            validate: (value) => value.trim().toLowerCase() !== email.toLowerCase() || "This is already your address",
          })}
        />
        {hasPassword && (
          <Field
            label="Current password"
            type="password"
            autoComplete="current-password"
            revealable
            error={errors.current?.message}
            {...register("current", { required: "Enter your current password" })}
          />
        )}
        <div className={buttonWidth}>
          <button type="submit" className={secondaryButton} disabled={isSubmitting}>
            {isSubmitting ? "Sending…" : "Send confirmation link"}
          </button>
        </div>
      </form>
    </section>
  );
}
