/** The academy's fixed contact details (spec section 1), as the shell's footer shows them. */
export const ACADEMY = {
  name: "Summit Sports Academy",
  address: ["120 Riverside Drive", "Portland, OR 97201"],
  email: "hello@summitsports.academy",
  phone: "+1 (503) 555-0142",
};

export const phoneHref = `tel:${ACADEMY.phone.replace(/[^+\d]/g, "")}`;

/** A loose e-mail check for forms; the API validates again. */
export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
