import { errorMessage } from "shared-auth";
import { RowsSkeleton } from "../../components/states";
import { actionButton } from "../../components/styles";
import { useConsent, useSaveConsent } from "./forms-api";

/**
 * The ESIGN consumer disclosure, read and agreed to before the first signature: its whole text
 * (the right to paper, withdrawing, what is needed), then one button. The text is the API's,
 * shown as text.
 */
export function ConsentStep() {
  const consent = useConsent();
  const save = useSaveConsent();
  if (consent.isPending) return <RowsSkeleton label="Loading the consent to sign electronically" rows={1} />;
  if (consent.isError) return <p role="alert">{errorMessage(consent.error)}</p>;
  const [heading, ...rest] = consent.data.text.split("\n\n");
  return (
    <section aria-labelledby="esign-heading" className="flex flex-col gap-3" data-testid="esign-consent">
      <h3 id="esign-heading" className="font-display text-lg font-bold text-slate-900 dark:text-white">
        {heading}
      </h3>
      <div
        className="flex max-h-80 flex-col gap-2 overflow-y-auto rounded-xl bg-slate-50 p-4 text-sm text-slate-800 dark:bg-slate-950 dark:text-slate-200"
        tabIndex={0}
        aria-label="The consumer disclosure"
      >
        {rest.map((paragraph) => (
          <p key={paragraph.slice(0, 40)}>{paragraph}</p>
        ))}
      </div>
      <p role="alert" className="text-sm font-medium text-red-700 empty:hidden dark:text-red-400">
        {save.isError ? errorMessage(save.error) : ""}
      </p>
      <button
        type="button"
        className={`${actionButton} self-start aria-disabled:cursor-wait aria-disabled:opacity-60`}
        aria-disabled={save.isPending || undefined}
        onClick={() => !save.isPending && save.mutate(true)}
      >
        I agree to sign electronically
      </button>
    </section>
  );
}

/** Withdrawing the consent: shown once it is given. Earlier signatures stay as they are. */
export function WithdrawConsent() {
  const consent = useConsent();
  const save = useSaveConsent();
  if (!consent.data?.agreed) return null;
  return (
    <p className="text-sm text-slate-600 dark:text-slate-400">
      You agreed to sign electronically.{" "}
      <button
        type="button"
        className="font-semibold text-orange-800 underline hover:text-orange-900 dark:text-orange-300"
        onClick={() => !save.isPending && save.mutate(false)}
      >
        Withdraw consent
      </button>{" "}
      (what you signed stays signed; from then on you sign at the office on paper).
    </p>
  );
}
