import { useQuery } from "@tanstack/react-query";
import { api, queryKeys } from "shared-auth";
import type { CancellationPolicy as Policy } from "shared-auth/wire";

/** The academy's cancellation policy and its rule for moving seats (GET /cancellation-policy). */
export function useCancellationPolicy() {
  return useQuery({
    queryKey: queryKeys.cancellationPolicy(),
    queryFn: async () => (await api.get<Policy>("/cancellation-policy")).data,
    staleTime: 5 * 60_000,
  });
}

/** The policy under the family's seats, so the refund a cancellation gives is never a surprise. */
export function CancellationPolicy() {
  const policy = useCancellationPolicy();
  if (!policy.data) return null;
  return (
    <section
      aria-labelledby="cancellation-policy"
      className="mt-8 max-w-3xl text-sm text-slate-700 dark:text-slate-300"
    >
      <h2 id="cancellation-policy" className="font-display text-lg font-bold text-slate-900 dark:text-white">
        Cancellation policy
      </h2>
      <p className="mt-1">{policy.data.text}</p>
    </section>
  );
}

/** On the payment page (the review step, WCAG 3.3.4): the terms a family accepts by paying. */
export function AcceptedTerms() {
  const policy = useCancellationPolicy();
  if (!policy.data) return null;
  return (
    <p className="text-sm text-slate-700 dark:text-slate-300" data-testid="accepted-terms">
      <span className="font-semibold">Cancellation policy: </span>
      {policy.data.text} By paying you accept it.
    </p>
  );
}
