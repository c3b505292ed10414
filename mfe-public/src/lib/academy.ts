/**
 * The academy's facts (spec section 1 and the camp's), the same set the shell's footer reads: the
 * fixed ones (`ACADEMY`) and the academy's own (`useAcademyFacts`, decision 051).
 */
export { ACADEMY, phoneHref, useAcademyFacts } from "shared-auth";

/** A loose e-mail check for forms; the API validates again. */
export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
