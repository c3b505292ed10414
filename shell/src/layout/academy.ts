/** The academy's name and fixed contact details (spec section 1), kept apart from components (Fast Refresh). */
export const ACADEMY_NAME = "Summit Sports Academy";

export const ACADEMY_CONTACT = {
  address: ["120 Riverside Drive", "Portland, OR 97201"],
  email: "hello@summitsports.academy",
  phone: "+1 (503) 555-0142",
};
