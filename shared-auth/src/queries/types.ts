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
}

/** POST /carts answers with the new cart item's id and the class it books. */
export interface AddToCartResponse {
  insertedId: string;
  item?: ClassItem;
}
