/**
 * A payment's state in people's words. The API keeps the spec's stored value ("service pending",
 * spec sections 4 and 9) for a payment recorded and not refunded: to a family or an admin that
 * payment is simply paid.
 */
const LABELS: Record<string, string> = {
  "service pending": "Paid",
  "partially refunded": "Partly refunded",
  refunded: "Refunded",
};

export function paymentStatusLabel(status: string): string {
  return LABELS[status] ?? status.charAt(0).toUpperCase() + status.slice(1);
}
