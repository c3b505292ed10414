/** The cancellation policy form's rules, with the API's own limits (the API checks again). */

const WHOLE = /^\d{1,3}$/;
const MONEY = /^\d{1,4}(\.\d{1,2})?$/;

export function policyFromForm(values: Record<"full" | "partial" | "percent" | "fee", string>) {
  const problems: Partial<Record<keyof typeof values, string>> = {};
  const days = (name: "full" | "partial") => {
    const v = values[name].trim();
    if (!WHOLE.test(v) || Number(v) > 365) problems[name] = "A whole number of days from 0 to 365.";
    return Number(v);
  };
  const full = days("full");
  const partial = days("partial");
  if (!problems.full && !problems.partial && partial > full) {
    problems.partial = "The partial refund cannot last longer than the full one.";
  }
  const percent = values.percent.trim();
  if (!WHOLE.test(percent) || Number(percent) > 100) problems.percent = "A whole percentage from 0 to 100.";
  const fee = values.fee.trim() || "0";
  if (!MONEY.test(fee) || Number(fee) > 1000) problems.fee = "An amount in dollars from $0 to $1,000.";
  return {
    problems,
    policy: {
      fullRefundDays: full,
      partialRefundDays: partial,
      partialPercent: Number(percent),
      feeCents: Math.round(Number(fee) * 100),
    },
  };
}
