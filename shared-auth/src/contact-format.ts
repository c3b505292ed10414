import type { Guardian } from "./queries/types";

// Compiled into each app that formats a phone or an address (imported as shared-auth/contact-format),
// not part of the singleton every page loads.

/** A phone number as a `tel:` link: its digits and a leading plus only. */
export function telHref(phone: string): string {
  return `tel:${phone.trim().startsWith("+") ? "+" : ""}${phone.replace(/\D/g, "")}`;
}

/** "12 Field Lane, Flat 2, Springfield, IL 62701": a guardian's postal address on one line. */
export function addressLine(
  g: Pick<Guardian, "address_line1" | "address_line2" | "city" | "region" | "postal_code">,
): string {
  const place = [g.region, g.postal_code].filter(Boolean).join(" ");
  return [g.address_line1, g.address_line2, g.city, place].filter(Boolean).join(", ");
}
