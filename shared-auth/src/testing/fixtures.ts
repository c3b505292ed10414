/** Answers of the API as tests build them: every field the contract requires, then the test's own. */
import type { CartItem, ClassItem, Guardian } from "../queries/types";

/** A class as GET /classes sends it: an approved, unscheduled class unless `extra` says otherwise. */
export const sampleClass = (extra: Partial<ClassItem> = {}): ClassItem => ({
  _id: "c1",
  class_name: "Junior Tennis",
  image: "",
  instructor: "Coach",
  email: "coach@example.com",
  instructorId: "i1",
  available_seats: 20,
  enrolled_seats: 5,
  price: 100,
  early_price: null,
  early_price_until: null,
  price_today: 100,
  price_today_until: null,
  details: "",
  sport: null,
  start_date: null,
  end_date: null,
  weekdays: [],
  start_time: null,
  end_time: null,
  age_min: null,
  age_max: null,
  level: null,
  location: null,
  venue_address: null,
  drop_off: null,
  pick_up: null,
  what_to_bring: null,
  registration_opens_at: null,
  ...extra,
});

/** A line of the cart as GET /carts sends it: the class's fields, the student's e-mail, whose seat. */
export const sampleCartLine = (extra: Partial<CartItem> = {}): CartItem => {
  const { _id: classItemId, email: _instructorEmail, status: _s, feedback: _f, ...fields } = sampleClass();
  return { ...fields, _id: "l1", classItemId, email: "", camperId: "k1", camper_name: "", ...extra };
};

/** A family's first guardian as GET /guardians sends it, every field given. */
export const sampleGuardian = (extra: Partial<Guardian> = {}): Guardian => ({
  position: 1,
  name: "Ana Rivera",
  relation: "mother",
  phone: "+1 555 0100",
  email: "ana@example.com",
  address_line1: "12 Field Lane",
  address_line2: "",
  city: "Portland",
  region: "OR",
  postal_code: "97201",
  ...extra,
});
