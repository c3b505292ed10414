/**
 * Whose seat (issue 29), said the same way on every page of the student area: "for Mia Rivera".
 * The account holder's own seat names them too (the API sends their name), so a family reads one
 * style on every line; a line without a name (an answer from before campers) reads "for you".
 */
export function seatFor(camperName: string | null | undefined): string {
  const name = camperName?.trim();
  return name ? `for ${name}` : "for you";
}

/** A payment's classes with whose seat each is (`camperNames` runs parallel to `classNames`). */
export function paymentLines(payment: {
  classNames: string[];
  camperNames?: string[];
}): { className: string; seat: string }[] {
  return payment.classNames.map((className, i) => ({ className, seat: seatFor(payment.camperNames?.[i]) }));
}

/** A row's key in My Enrolled Classes: two children in one class are two rows. */
export function enrolmentKey(row: { _id: string; enrollmentId?: string; camperId?: string }): string {
  return row.enrollmentId ?? `${row._id}:${row.camperId ?? ""}`;
}
