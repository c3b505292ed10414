import { useState } from "react";
import { useForm } from "react-hook-form";
import { api, errorMessage } from "shared-auth";
import { Field, FormResult } from "../components/form-field";
import { inputClass, actionColors } from "../components/form-styles";
import { SectionHeading } from "../components/section-heading";
import { EMAIL_PATTERN, phoneHref, useAcademyFacts } from "../lib/academy";
import { PublicRoot } from "../components/public-root";
import "../styles.css";

interface ContactForm {
  name: string;
  email: string;
  message: string;
}

/** /contact: the message is stored by the API (POST /contact), and the visitor is told it arrived. */
export default function ContactPage() {
  const academy = useAcademyFacts();
  const [result, setResult] = useState<{ ok: boolean; message: string } | null>(null);
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors, isSubmitting },
  } = useForm<ContactForm>({ defaultValues: { name: "", email: "", message: "" } });

  const onSubmit = handleSubmit(async (values) => {
    setResult(null);
    try {
      await api.post("/contact", values);
      reset();
      setResult({
        ok: true,
        message: `Thank you, ${values.name.trim()}! Your message reached the academy. We answer ${academy.replyTime} at ${values.email.trim()}.`,
      });
    } catch (error) {
      setResult({ ok: false, message: `Your message was not sent: ${errorMessage(error)}` });
    }
  });

  const describedBy = (field: keyof ContactForm) => (errors[field] ? `contact-${field}-error` : undefined);

  return (
    <PublicRoot>
      <div className="mx-auto max-w-7xl px-4 py-12 sm:px-6 md:py-16">
        <SectionHeading level={1} subheading="Get in touch" title="Contact Us">
          Questions about classes, age groups or payments? Write to us and a coach or the camp office answers.
        </SectionHeading>
        <div className="mt-10 grid gap-8 lg:grid-cols-[1fr_2fr]">
          <aside
            aria-label="The academy's address"
            className="rounded-2xl bg-indigo-900 p-6 text-indigo-50 shadow-lg sm:p-8 dark:bg-indigo-950"
          >
            <h2 className="font-display text-xl font-bold text-white">{academy.name}</h2>
            <address className="mt-4 flex flex-col gap-1 not-italic">
              {academy.addressLines.map((line) => (
                <p key={line}>{line}</p>
              ))}
            </address>
            <dl className="mt-6 flex flex-col gap-4">
              <div>
                <dt className="text-sm font-semibold tracking-wider text-orange-300 uppercase">E-mail</dt>
                <dd>
                  <a href={`mailto:${academy.email}`} className="hover:text-orange-300 hover:underline">
                    {academy.email}
                  </a>
                </dd>
              </div>
              <div>
                <dt className="text-sm font-semibold tracking-wider text-orange-300 uppercase">Phone</dt>
                <dd>
                  <a href={phoneHref(academy.phone)} className="hover:text-orange-300 hover:underline">
                    {academy.phone}
                  </a>
                </dd>
              </div>
              <div>
                <dt className="text-sm font-semibold tracking-wider text-orange-300 uppercase">Office hours</dt>
                <dd>Monday to Friday, 8:00 to 17:00</dd>
              </div>
            </dl>
          </aside>

          <form
            onSubmit={(e) => void onSubmit(e)}
            noValidate
            aria-label="Contact form"
            className="flex flex-col gap-5 rounded-2xl border border-slate-200 bg-white p-6 shadow-sm sm:p-8 dark:border-slate-800 dark:bg-slate-900"
          >
            <div className="grid gap-5 sm:grid-cols-2">
              <Field id="contact-name" label="Name" error={errors.name?.message}>
                <input
                  id="contact-name"
                  type="text"
                  autoComplete="name"
                  required
                  aria-invalid={errors.name ? true : undefined}
                  aria-describedby={describedBy("name")}
                  className={inputClass}
                  {...register("name", {
                    required: "Name is required",
                    validate: (v) => v.trim().length > 0 || "Name is required",
                    maxLength: { value: 120, message: "Name must be at most 120 characters" },
                  })}
                />
              </Field>
              <Field id="contact-email" label="Email" error={errors.email?.message}>
                <input
                  id="contact-email"
                  type="email"
                  autoComplete="email"
                  required
                  aria-invalid={errors.email ? true : undefined}
                  aria-describedby={describedBy("email")}
                  className={inputClass}
                  {...register("email", {
                    required: "Email is required",
                    pattern: { value: EMAIL_PATTERN, message: "Enter a valid email address" },
                    maxLength: { value: 254, message: "Email must be at most 254 characters" },
                  })}
                />
              </Field>
            </div>
            <Field id="contact-message" label="Message" error={errors.message?.message}>
              <textarea
                id="contact-message"
                rows={6}
                required
                aria-invalid={errors.message ? true : undefined}
                aria-describedby={describedBy("message")}
                className={inputClass}
                {...register("message", {
                  required: "Message is required",
                  validate: (v) => v.trim().length > 0 || "Message is required",
                  maxLength: { value: 5000, message: "Message must be at most 5000 characters" },
                })}
              />
            </Field>
            <FormResult result={result} />
            <button
              type="submit"
              disabled={isSubmitting}
              className={`inline-flex cursor-pointer items-center justify-center rounded-full px-8 py-3 font-semibold shadow focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-orange-500 disabled:cursor-wait disabled:opacity-70 ${actionColors}`}
            >
              {isSubmitting ? "Sending…" : "Send Message"}
            </button>
          </form>
        </div>
      </div>
    </PublicRoot>
  );
}
