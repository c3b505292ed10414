/** Wire shapes of the API (spec section 3) that more than one app reads. */
import type { CampSession } from "../camp-session";

/** A class as GET /classes, GET /classes/:id and GET /enrolled return it. */
export interface ClassItem extends CampSession {
  _id: string;
  class_name: string;
  image: string;
  /** The instructor's name. */
  instructor: string;
  /** The instructor's e-mail. */
  email: string;
  instructorId?: string;
  available_seats: number;
  enrolled_seats: number;
  /** Dollars. */
  price: number;
  details?: string;
  /** Only for admins and the class's own instructor. */
  status?: "pending" | "approved" | "denied";
  feedback?: string;
  /** GET /enrolled: whose seat (issue 29), and the enrolment's own id. */
  camperId?: string;
  camper_name?: string;
  enrollmentId?: string;
  /** When booking opens (an instant), or null/absent: open (issue 30). */
  registration_opens_at?: string | null;
}

/** One row of the caller's cart (GET /carts). */
export interface CartItem extends CampSession {
  _id: string;
  classItemId: string;
  class_name: string;
  image: string;
  price: number;
  /** The user's e-mail. */
  email: string;
  instructor?: string;
  available_seats?: number;
  enrolled_seats?: number;
  /** Whose seat (issue 29): one of the family's campers, "Myself" being the account holder. */
  camperId?: string;
  camper_name?: string;
}

/** POST /carts answers with the new cart item's id and the class it books. */
export interface AddToCartResponse {
  insertedId: string;
  /** Whose seat the new line is. */
  camperId?: string;
  item?: ClassItem;
}

/** A person to call or to hand a child to. */
export interface CamperPerson {
  name: string;
  relation: string;
  phone: string;
}

/** A family's camper (GET /campers): the account holder's own "Myself" first, then the children. */
export interface Camper {
  _id: string;
  is_self: boolean;
  first_name: string;
  last_name: string;
  /** First and last name; the account holder's name for "Myself". */
  name: string;
  /** YYYY-MM-DD; null for "Myself" when not given. */
  date_of_birth: string | null;
  allergies: string;
  medical_notes: string;
  medications: string;
  emergency_contacts: CamperPerson[];
  pickup_people: CamperPerson[];
  photo_consent: boolean;
  /**
   * The sealed details could not be opened (decision 030: copied from another row, or sealed
   * before values were bound): they answer as empty, and only all five together can replace them.
   */
  details_unreadable?: boolean;
}

/** What a family writes (POST /campers; PATCH /campers/:id sends the fields it changes). */
export type CamperInput = Omit<Camper, "_id" | "is_self" | "name" | "details_unreadable">;

/** GET /classes/:id/eligibility: whether each of the family's campers may take a seat, and why not. */
export interface CamperEligibility {
  camperId: string;
  name: string;
  is_self: boolean;
  eligible: boolean;
  reason: string | null;
}
