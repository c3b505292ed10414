import { EmptyState } from "./states";

/** Admins and instructors have no cart, payments or enrolments (spec section 6). */
export function NotAStudent() {
  return (
    <EmptyState title="Only students book classes" to="/" linkLabel="Back to home">
      This page lists a student&apos;s own bookings; your account has none.
    </EmptyState>
  );
}
