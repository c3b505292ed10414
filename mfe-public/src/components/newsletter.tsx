import { useState } from "react";
import { useForm } from "react-hook-form";
import { api, errorMessage } from "shared-auth";
import { EMAIL_PATTERN } from "../lib/academy";
import { FormResult } from "./form-field";
import { actionColors } from "./form-styles";

interface NewsletterForm {
  email: string;
  acceptedTerms: boolean;
}

/** "Subscribe For Offer!": the e-mail and the accepted terms are stored by the API (POST /newsletter). */
export function Newsletter() {
  const [result, setResult] = useState<{ ok: boolean; message: string } | null>(null);
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors, isSubmitting },
  } = useForm<NewsletterForm>({ defaultValues: { email: "", acceptedTerms: false } });

  const onSubmit = handleSubmit(async ({ email }) => {
    setResult(null);
    try {
      await api.post("/newsletter", { email: email.trim(), acceptedTerms: true });
      reset();
      setResult({ ok: true, message: `Subscribed! Offers will reach ${email.trim()} first.` });
    } catch (error) {
      setResult({ ok: false, message: `You are not subscribed yet: ${errorMessage(error)}` });
    }
  });

  return (
    <section aria-labelledby="newsletter-heading" className="px-4 pb-20 sm:px-6">
      <div className="relative mx-auto max-w-5xl overflow-hidden rounded-3xl bg-gradient-to-br from-indigo-900 via-indigo-800 to-orange-600 px-6 py-12 text-white shadow-xl sm:px-12">
        <div aria-hidden="true" className="absolute -top-16 -right-16 h-56 w-56 rounded-full bg-white/10" />
        <div aria-hidden="true" className="absolute -bottom-20 -left-10 h-48 w-48 rounded-full bg-white/5" />
        <div className="relative grid items-center gap-8 md:grid-cols-2">
          <header>
            <p className="text-sm font-semibold tracking-[0.2em] text-orange-200 uppercase">Newsletter</p>
            <h2 id="newsletter-heading" className="mt-2 font-display text-3xl font-extrabold sm:text-4xl">
              Subscribe For Offer!
            </h2>
            <p className="mt-3 text-indigo-100">
              Early-bird prices, sibling discounts and new classes: one short e-mail a month, never more.
            </p>
          </header>
          <form
            onSubmit={(e) => void onSubmit(e)}
            noValidate
            aria-label="Subscribe for offers"
            className="flex flex-col gap-4"
          >
            <div>
              <label htmlFor="newsletter-email" className="block text-sm font-semibold">
                Email address
              </label>
              <div className="mt-1.5 flex flex-col gap-3 sm:flex-row">
                <input
                  id="newsletter-email"
                  type="email"
                  autoComplete="email"
                  placeholder="you@example.com"
                  required
                  aria-invalid={errors.email ? true : undefined}
                  aria-describedby={errors.email ? "newsletter-email-error" : undefined}
                  className="min-w-0 flex-1 rounded-full border border-white/40 bg-white px-5 py-3 text-slate-900 placeholder:text-slate-400 focus:outline-3 focus:outline-offset-2 focus:outline-orange-300"
                  {...register("email", {
                    required: "Email is required",
                    pattern: { value: EMAIL_PATTERN, message: "Enter a valid email address" },
                    maxLength: { value: 254, message: "Email must be at most 254 characters" },
                  })}
                />
                <button
                  type="submit"
                  disabled={isSubmitting}
                  className={`cursor-pointer rounded-full px-7 py-3 font-semibold shadow-lg focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-white disabled:cursor-wait disabled:opacity-70 ${actionColors}`}
                >
                  {isSubmitting ? "Subscribing…" : "Subscribe"}
                </button>
              </div>
              {errors.email && (
                <p
                  id="newsletter-email-error"
                  className="mt-2 inline-block rounded-md bg-white px-2.5 py-1 text-sm font-semibold text-red-700"
                >
                  {errors.email.message}
                </p>
              )}
            </div>
            <div>
              <div className="flex items-start gap-3">
                <input
                  id="newsletter-terms"
                  type="checkbox"
                  aria-invalid={errors.acceptedTerms ? true : undefined}
                  aria-describedby={errors.acceptedTerms ? "newsletter-terms-error" : undefined}
                  className="mt-1 h-5 w-5 shrink-0 cursor-pointer accent-orange-500 focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-orange-300"
                  {...register("acceptedTerms", { required: "Please accept the terms to subscribe" })}
                />
                <label htmlFor="newsletter-terms" className="cursor-pointer text-sm text-indigo-50">
                  I accept the terms: the academy may e-mail me offers, and I can unsubscribe at any time.
                </label>
              </div>
              {errors.acceptedTerms && (
                <p
                  id="newsletter-terms-error"
                  className="mt-2 inline-block rounded-md bg-white px-2.5 py-1 text-sm font-semibold text-red-700"
                >
                  {errors.acceptedTerms.message}
                </p>
              )}
            </div>
            <FormResult result={result} />
          </form>
        </div>
      </div>
    </section>
  );
}
