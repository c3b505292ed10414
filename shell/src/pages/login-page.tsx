import { useState } from "react";
import { useForm } from "react-hook-form";
import { Link, useLocation, useNavigate } from "react-router-dom";
import { accountErrorMessage, sendPasswordReset, signIn, useAcademy } from "shared-auth";
import { AuthLayout, OrDivider } from "../account/auth-layout";
import { primaryButton } from "../account/button-styles";
import { Field, FormMessage } from "../account/fields";
import { GoogleButton } from "../account/google-button";
import { notifySuccess } from "../account/notices";
import { EMAIL_PATTERN, emailRules, messages, returnPath } from "../account/rules";
import { ClaimAccountPage } from "./claim-account-page";

interface LoginForm {
  email: string;
  password: string;
}

/** /login (spec sections 2 and 5): e-mail and password, Google, "Forgot password?", a link to sign up. */
/**
 * /login, and /login?claim=<token>: the link a family the academy's office registered gets by
 * e-mail (decision 047) sets its password here, in the Log in page's own chunk.
 */
export function LoginPage() {
  const location = useLocation();
  return new URLSearchParams(location.search).has("claim") ? <ClaimAccountPage /> : <SignInPage />;
}

function SignInPage() {
  const location = useLocation();
  const navigate = useNavigate();
  const sessionError = useAcademy((s) => s.sessionError);
  const [problem, setProblem] = useState<string | null>(null);
  const [info, setInfo] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    getValues,
    setError,
    clearErrors,
    formState: { errors, isSubmitting },
  } = useForm<LoginForm>({ defaultValues: { email: "", password: "" } });
  // A failed attempt's message ("wrong password") is about what was typed then: it goes as soon
  // as the person edits or clears a field.
  const forgetProblem = () => setProblem(null);

  function done() {
    void notifySuccess("User Login Successfully");
    navigate(returnPath(location.state), { replace: true });
  }

  const onSubmit = handleSubmit(async ({ email, password }) => {
    setProblem(null);
    setInfo(null);
    try {
      await signIn(email, password);
      done();
    } catch (error) {
      setProblem(accountErrorMessage(error));
    }
  });

  async function forgotPassword() {
    setProblem(null);
    setInfo(null);
    const email = getValues("email").trim();
    if (!EMAIL_PATTERN.test(email)) {
      setError("email", { message: "Enter your e-mail address first, then choose Forgot password?" });
      return;
    }
    // The address is fine now: the earlier "enter your e-mail" error must not stay beside the success.
    clearErrors("email");
    try {
      await sendPasswordReset(email);
      setInfo(`If an account exists for ${email}, a link to choose a new password is on its way.`);
    } catch (error) {
      setProblem(accountErrorMessage(error));
    }
  }

  const shown = problem ?? sessionError;
  return (
    <AuthLayout title="Welcome back" intro="Log in to book classes and follow your camp." slideIn>
      <form onSubmit={onSubmit} noValidate className="space-y-5" aria-label="Login">
        {shown && <FormMessage kind="error">{shown}</FormMessage>}
        {info && <FormMessage kind="info">{info}</FormMessage>}
        <Field
          label="Email"
          type="email"
          autoComplete="email"
          error={errors.email?.message}
          {...register("email", { ...emailRules, onChange: forgetProblem })}
        />
        <div>
          <Field
            label="Password"
            type="password"
            autoComplete="current-password"
            revealable
            error={errors.password?.message}
            {...register("password", { required: messages.passwordRequired, onChange: forgetProblem })}
          />
          <button
            type="button"
            onClick={() => void forgotPassword()}
            className="mt-2 text-sm font-semibold text-indigo-700 hover:underline dark:text-indigo-300"
          >
            Forgot password?
          </button>
        </div>
        <button type="submit" className={primaryButton} disabled={isSubmitting}>
          {isSubmitting ? "Logging in…" : "Login"}
        </button>
      </form>
      <OrDivider />
      <GoogleButton label="Continue with Google" onSignedIn={done} onError={setProblem} />
      <p className="mt-8 text-center text-sm text-slate-600 dark:text-slate-400">
        New to the academy?{" "}
        <Link
          to="/signup"
          state={location.state}
          className="font-semibold text-orange-700 hover:underline dark:text-orange-400"
        >
          Create an account
        </Link>
      </p>
    </AuthLayout>
  );
}
