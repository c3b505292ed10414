/**
 * Whose seat, said the same way on every page of the student area: "for Mia Rivera".
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

/**
 * The class of a seat that keeps a camper in the family: a class that has not ended (the API's
 * rule for removing a camper). `today` is the UTC day, never ahead of the academy's own, so a
 * class said here to go on does go on at the academy too.
 */
export function seatKeeping(
  camperId: string,
  enrolled: readonly { camperId?: string; class_name: string; end_date?: string | null }[] | undefined,
  today: string,
): string | null {
  const seat = enrolled?.find((c) => c.camperId === camperId && (!c.end_date || c.end_date >= today));
  return seat?.class_name ?? null;
}
