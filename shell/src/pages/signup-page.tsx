import { useState } from "react";
import { useForm } from "react-hook-form";
import { Link, useLocation, useNavigate } from "react-router-dom";
import { accountErrorMessage, signUp } from "shared-auth";
import { AuthLayout, OrDivider } from "../account/auth-layout";
import { primaryButton } from "../account/button-styles";
import { Field, FormMessage } from "../account/fields";
import { GoogleButton } from "../account/google-button";
import { notifySuccess } from "../account/notices";
import {
  emailRules,
  messages,
  PASSWORD_MAX,
  PASSWORD_MIN,
  confirmPasswordRules,
  newPasswordRules,
  returnPath,
  URL_PATTERN,
} from "../account/rules";

interface SignupForm {
  name: string;
  email: string;
  password: string;
  confirm: string;
  photoURL: string;
}

/** /signup (spec sections 2 and 5): name, e-mail, password twice, photo URL; or Google. */
export function SignupPage() {
  const location = useLocation();
  const navigate = useNavigate();
  const [problem, setProblem] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<SignupForm>({ defaultValues: { name: "", email: "", password: "", confirm: "", photoURL: "" } });

  function done(notice: string) {
    void notifySuccess(notice);
    navigate(returnPath(location.state), { replace: true });
  }

  const onSubmit = handleSubmit(async ({ name, email, password, photoURL }) => {
    setProblem(null);
    try {
      await signUp({ name, email, password, photoURL });
      done("User created successfully.");
    } catch (error) {
      setProblem(accountErrorMessage(error));
    }
  });

  return (
    <AuthLayout title="Create your account" intro="Join the summer camp: it takes a minute.">
      <form onSubmit={onSubmit} noValidate className="space-y-5" aria-label="Sign up">
        {problem && <FormMessage kind="error">{problem}</FormMessage>}
        <Field
          label="Name"
          autoComplete="name"
          error={errors.name?.message}
          {...register("name", {
            required: messages.nameRequired,
            validate: (v) => v.trim().length > 0 || messages.nameRequired,
            maxLength: { value: 120, message: "Name must be at most 120 characters" },
          })}
        />
        <Field
          label="Email"
          type="email"
          autoComplete="email"
          error={errors.email?.message}
          {...register("email", emailRules)}
        />
        <Field
          label="Password"
          type="password"
          autoComplete="new-password"
          revealable
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
        <Field
          label="Photo URL"
          type="url"
          inputMode="url"
          placeholder="https://…"
          error={errors.photoURL?.message}
          {...register("photoURL", {
            required: messages.photoRequired,
            pattern: { value: URL_PATTERN, message: messages.photoInvalid },
          })}
        />
        <p className="text-xs text-slate-500 dark:text-slate-400">
          Passwords need {PASSWORD_MIN} to {PASSWORD_MAX} characters with an uppercase and a lowercase letter, a digit
          and one of ! @ # $ &amp; *.
        </p>
        <button type="submit" className={primaryButton} disabled={isSubmitting}>
          {isSubmitting ? "Creating your account…" : "Sign Up"}
        </button>
      </form>
      <OrDivider />
      <GoogleButton
        label="Sign Up With Google"
        onSignedIn={() => done("User Login Successfully")}
        onError={setProblem}
      />
      <p className="mt-8 text-center text-sm text-slate-600 dark:text-slate-400">
        Already have an account?{" "}
        <Link
          to="/login"
          state={location.state}
          className="font-semibold text-orange-700 hover:underline dark:text-orange-400"
        >
          Log in
        </Link>
      </p>
    </AuthLayout>
  );
}
