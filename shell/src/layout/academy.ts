import { ACADEMY } from "shared-auth";

/**
 * The academy's name and fixed contact details (spec section 1), from shared-auth's one set of the
 * academy's facts; kept apart from components (Fast Refresh).
 */
export const ACADEMY_NAME = ACADEMY.name;

export const ACADEMY_CONTACT = {
  address: ACADEMY.address,
  email: ACADEMY.email,
  phone: ACADEMY.phone,
};
