/** The academy's facts (spec section 1 and the camp's), the same set the shell's footer reads. */
export { ACADEMY, ACADEMY_PHONE_HREF as phoneHref } from "shared-auth";

/** A loose e-mail check for forms; the API validates again. */
export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
