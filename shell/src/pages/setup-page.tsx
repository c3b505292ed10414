import { useEffect, useState } from "react";
import { useForm, type Path } from "react-hook-form";
import { Link, useNavigate } from "react-router-dom";
import { accountErrorMessage, api, errorMessage, loadAcademyFacts, signIn } from "shared-auth";
import { fieldErrors } from "shared-auth/field-errors";
import type { SetupDone, SetupState } from "shared-auth/wire";
import { AuthLayout } from "../account/auth-layout";
import { primaryButton } from "../account/button-styles";
import { setPasswordFromLink } from "../account/claim";
import { Field, FormMessage } from "../account/fields";
import { confirmPasswordRules, NEW_PASSWORD_HINT, newPasswordRules } from "../account/rules";

export interface SetupForm {
  token: string;
  academy: { name: string; legalName: string; address: string; phone: string; email: string };
  admin: { name: string; email: string };
  password: string;
  confirm: string;
}

/** The API's body: the address typed one line a row, the password kept back for Firebase. */
export const setupBody = ({ token, academy: { address, ...academy }, admin }: SetupForm) => ({
  token: token.trim(),
  academy: {
    ...academy,
    addressLines: address
      .split("\n")
      .map((line) => line.trim())
      .filter(Boolean),
  },
  admin,
});

/** Where the API's field errors belong on this form (the address's lines are one field here). */
export const formPath = (path: string): Path<SetupForm> | null => {
  if (path.startsWith("academy.addressLines")) return "academy.address";
  const known = [
    "token",
    "academy.name",
    "academy.legalName",
    "academy.phone",
    "academy.email",
    "admin.name",
    "admin.email",
  ];
  return known.includes(path) ? (path as Path<SetupForm>) : null;
};

const required = (what: string) => ({ required: `${what} is required.` });

/**
 * /setup: a new installation's first visit (decision 051). Whoever holds the setup token printed
 * in the API's log names the academy and makes the first admin; the password goes to Firebase
 * alone, with the code the API answers, and the admin is signed in. A site already set up says so
 * and leads to Log in.
 */
export function SetupPage() {
  const navigate = useNavigate();
  const [state, setState] = useState<"checking" | "needed" | "done" | "failed">("checking");
  const [problem, setProblem] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<SetupForm>();

  useEffect(() => {
    // Before there is an academy to name the page after.
    document.title = "Set up your academy";
    let stopped = false;
    api.get<SetupState>("/setup").then(
      ({ data }) => !stopped && setState(data.needed ? "needed" : "done"),
      () => !stopped && setState("failed"),
    );
    return () => {
      stopped = true;
    };
  }, []);

  const onSubmit = handleSubmit(async (form) => {
    setProblem(null);
    let made: SetupDone;
    try {
      made = (await api.post<SetupDone>("/setup", setupBody(form))).data;
    } catch (error) {
      const fields = Object.entries(fieldErrors(error) ?? {}).flatMap(([path, message]) => {
        const at = formPath(path);
        return at ? [[at, message] as const] : [];
      });
      for (const [at, message] of fields) setError(at, { message });
      if (fields.length === 0) setProblem(errorMessage(error));
      if ((error as { response?: { status?: number } }).response?.status === 409) setState("done");
      return;
    }
    try {
      await setPasswordFromLink(made.code, form.password);
      await signIn(made.email, form.password);
    } catch (error) {
      setProblem(
        `The academy is set up, but your password could not be set: ${accountErrorMessage(error)} Use "Forgot password?" on the Log in page.`,
      );
      setState("done");
      return;
    }
    await loadAcademyFacts();
    navigate("/dashboard", { replace: true });
  });

  if (state !== "needed") {
    return (
      <AuthLayout title="Set up your academy" intro="A new site asks once for its academy's name and first admin.">
        <div className="space-y-5">
          {problem && <FormMessage kind="error">{problem}</FormMessage>}
          {state === "checking" && (
            <p role="status" className="text-slate-700 dark:text-slate-300">
              Checking this site…
            </p>
          )}
          {state === "failed" && (
            <FormMessage kind="error">
              The site could not be reached just now. Reload the page to try again.
            </FormMessage>
          )}
          {state === "done" && (
            <>
              <p className="text-slate-700 dark:text-slate-300">This site is set up: its admins log in as usual.</p>
              <Link to="/login" className={primaryButton}>
                Go to Log in
              </Link>
            </>
          )}
        </div>
      </AuthLayout>
    );
  }

  return (
    <AuthLayout
      title="Set up your academy"
      intro="This site is new. Name your academy and make its first admin account: you can change every detail later on Admin Home."
    >
      <form onSubmit={onSubmit} noValidate className="space-y-5" aria-label="Set up your academy">
        {problem && <FormMessage kind="error">{problem}</FormMessage>}
        <Field
          label="Setup token"
          hint="Printed in the API's log when it started, after “enter the setup token”."
          autoComplete="off"
          spellCheck={false}
          error={errors.token?.message}
          {...register("token", required("The setup token"))}
        />
        <fieldset className="space-y-4">
          <legend className="text-base font-bold text-slate-900 dark:text-white">Your academy</legend>
          <Field
            label="Name shown on every page"
            error={errors.academy?.name?.message}
            {...register("academy.name", required("The name"))}
          />
          <Field
            label="Legal name"
            hint="On receipts and year-end statements."
            error={errors.academy?.legalName?.message}
            {...register("academy.legalName", required("The legal name"))}
          />
          <AddressField
            error={errors.academy?.address?.message}
            registration={register("academy.address", required("The address"))}
          />
          <Field
            label="Phone"
            type="tel"
            autoComplete="tel"
            error={errors.academy?.phone?.message}
            {...register("academy.phone", required("The phone number"))}
          />
          <Field
            label="Contact e-mail"
            type="email"
            error={errors.academy?.email?.message}
            {...register("academy.email", required("The contact e-mail"))}
          />
        </fieldset>
        <fieldset className="space-y-4">
          <legend className="text-base font-bold text-slate-900 dark:text-white">The first admin: you</legend>
          <Field
            label="Your name"
            autoComplete="name"
            error={errors.admin?.name?.message}
            {...register("admin.name", required("Your name"))}
          />
          <Field
            label="Your e-mail"
            type="email"
            autoComplete="username"
            error={errors.admin?.email?.message}
            {...register("admin.email", required("Your e-mail"))}
          />
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
        </fieldset>
        <button type="submit" className={primaryButton} disabled={isSubmitting}>
          {isSubmitting ? "Setting up…" : "Set up the academy and log in"}
        </button>
      </form>
    </AuthLayout>
  );
}

/** The address, one line a row (one to three), as the receipts print it. */
function AddressField({
  error,
  registration,
}: {
  error: string | undefined;
  registration: ReturnType<ReturnType<typeof useForm<SetupForm>>["register"]>;
}) {
  return (
    <div>
      <label htmlFor="setup-address" className="block text-sm font-semibold text-slate-700 dark:text-slate-200">
        Address
      </label>
      <textarea
        id="setup-address"
        rows={3}
        autoComplete="street-address"
        aria-invalid={error ? true : undefined}
        aria-describedby={`setup-address-hint${error ? " setup-address-error" : ""}`}
        className={`mt-1.5 block w-full rounded-lg border bg-white px-3.5 py-2.5 text-slate-900 shadow-sm focus:ring-2 focus:outline-none dark:bg-slate-900 dark:text-white ${
          error
            ? "border-red-500 focus:ring-red-500/40"
            : "border-slate-300 focus:border-indigo-500 focus:ring-indigo-500/30 dark:border-slate-700"
        }`}
        {...registration}
      />
      <p id="setup-address-hint" className="mt-1.5 text-sm text-slate-600 dark:text-slate-400">
        One to three lines, as letters are addressed.
      </p>
      {error && (
        <p id="setup-address-error" className="mt-1.5 text-sm font-medium text-red-600 dark:text-red-400">
          {error}
        </p>
      )}
    </div>
  );
}
