import { useState } from "react";
import { useForm } from "react-hook-form";
import { Link, useNavigate } from "react-router-dom";
import { apiErrorStatus, deleteOwnAccount, errorMessage } from "shared-auth";
import { FormMessage, Field } from "../account/fields";
import { accountChangeError } from "../account/firebase-fields";
import { notifySuccess } from "../account/notices";

interface DeleteForm {
  confirmation: string;
  current: string;
}

const deleteButton =
  "inline-flex w-full items-center justify-center gap-2 rounded-full bg-red-700 px-6 py-3 font-semibold text-white shadow-sm hover:bg-red-800 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-red-700 disabled:cursor-not-allowed disabled:opacity-60";

/**
 * Settings: the family deletes its account (DELETE /account). What goes and what the law keeps is
 * said before; seats in classes that have not ended must be cancelled first (the API refuses, and
 * the page links to them).
 */
export function DeleteAccountSection({ email, hasPassword }: { email: string; hasPassword: boolean }) {
  const navigate = useNavigate();
  const [problem, setProblem] = useState<{ text: string; seats: boolean } | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<DeleteForm>({ defaultValues: { confirmation: "", current: "" } });

  const onSubmit = handleSubmit(async ({ confirmation, current }) => {
    setProblem(null);
    try {
      await deleteOwnAccount(hasPassword ? current : null, confirmation);
      void navigate("/", { replace: true });
      void notifySuccess("Your account is deleted.");
    } catch (error) {
      const status = apiErrorStatus(error);
      if (status === 400) {
        setError("confirmation", { message: errorMessage(error) }, { shouldFocus: true });
        return;
      }
      if (status !== undefined) {
        setProblem({ text: errorMessage(error), seats: status === 409 });
        return;
      }
      const refusal = accountChangeError(error);
      if (refusal.field === "current") setError("current", { message: refusal.message }, { shouldFocus: true });
      else setProblem({ text: refusal.message, seats: false });
    }
  });

  return (
    <section aria-labelledby="delete-title" className="mt-8 border-t border-slate-200 pt-4 dark:border-slate-800">
      <h2 id="delete-title" className="font-display text-2xl font-bold text-red-800 dark:text-red-300">
        Delete account
      </h2>
      <div className="mt-2 space-y-2 text-sm text-slate-700 dark:text-slate-300">
        <p>Deleting your account cannot be undone.</p>
        <ul className="list-disc space-y-1 pl-5">
          <li>
            Your login, your name and photo, and your children&apos;s details (medical notes, contacts, birth dates) are
            deleted.
          </li>
          <li>
            Your payments, refunds and receipts are kept, as long as tax law requires, without your children&apos;s
            details.
          </li>
          <li>
            Seats in classes that have not ended must be cancelled first, in{" "}
            <Link
              to="/dashboard/enrolledclasses"
              className="font-semibold text-indigo-700 underline dark:text-indigo-300"
            >
              My Enrolled Classes
            </Link>
            .
          </li>
        </ul>
      </div>
      <form onSubmit={onSubmit} noValidate className="mt-4 space-y-5" aria-labelledby="delete-title">
        {problem && (
          <div className="space-y-2">
            <FormMessage kind="error">{problem.text}</FormMessage>
            {problem.seats && (
              <Link
                to="/dashboard/enrolledclasses"
                className="inline-block text-sm font-semibold text-indigo-700 underline dark:text-indigo-300"
              >
                Go to My Enrolled Classes
              </Link>
            )}
          </div>
        )}
        <Field
          label="Type your e-mail address or DELETE to confirm"
          autoComplete="off"
          autoCapitalize="off"
          spellCheck={false}
          error={errors.confirmation?.message}
          {...register("confirmation", {
            validate: (value) =>
              value.trim() === "DELETE" ||
              value.trim().toLowerCase() === email.toLowerCase() ||
              "Type your e-mail address or DELETE to confirm.",
          })}
        />
        {hasPassword && (
          <Field
            label="Your password"
            type="password"
            autoComplete="current-password"
            revealable
            error={errors.current?.message}
            {...register("current", { required: "Enter your password" })}
          />
        )}
        <div className="sm:w-56">
          <button type="submit" className={deleteButton} disabled={isSubmitting}>
            {isSubmitting ? "Deleting…" : "Delete my account"}
          </button>
        </div>
      </form>
    </section>
  );
}
