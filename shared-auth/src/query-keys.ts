/**
 * Query keys shared by more than one app, so a write in one remote invalidates what another shows.
 * Each key is a function so callers cannot misspell a segment.
 */
export const queryKeys = {
  classes: () => ["classes"] as const,
  instructors: () => ["instructors"] as const,
  instructorClasses: (instructorId: string) => ["instructors", instructorId, "classes"] as const,
  me: () => ["me"] as const,
  cart: (email: string) => ["cart", email] as const,
  payments: (email: string) => ["payments", email] as const,
  balance: (email: string) => ["payments", email, "balance"] as const,
  enrolled: (email: string) => ["enrolled", email] as const,
  myClasses: (email: string) => ["my-classes", email] as const,
  users: () => ["users"] as const,
  campers: (email: string) => ["campers", email] as const,
  guardians: (email: string) => ["guardians", email] as const,
  eligibility: (email: string, classId: string) => ["campers", email, "eligibility", classId] as const,
  waitlist: (email: string) => ["waitlist", email] as const,
  availability: (classId: string) => ["availability", classId] as const,
  cancellationPolicy: () => ["cancellation-policy"] as const,
};
