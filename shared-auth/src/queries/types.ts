/**
 * The API's answers that more than one app reads (spec section 3), by the names the apps use. The
 * shapes are generated from the API's document (./wire); only what a family writes is written here.
 */
import type { Schemas } from "../wire";

/** A class as GET /classes and GET /classes/:id return it (status and feedback for staff only). */
export type ClassItem = Schemas["ClassItem"];

/** A class the family is enrolled in (GET /enrolled): one row per camper and class. */
export type EnrolledClass = Schemas["EnrolledClass"];

/** One row of the caller's cart (GET /carts). */
export type CartItem = Schemas["CartItem"];

/** POST /carts answers with the new cart item's id and the class it books. */
export type AddToCartResponse = Schemas["AddToCartResponse"];

/** A person to call or to hand a child to. */
export type CamperPerson = Schemas["CamperPerson"];

/** A family's camper (GET /campers): the account holder's own "Myself" first, then the children. */
export type Camper = Schemas["Camper"];

/** What a family writes (POST /campers; PATCH /campers/:id sends the fields it changes). */
export type CamperInput = Omit<Camper, "_id" | "is_self" | "name" | "details_unreadable" | "createdAt" | "updatedAt">;

/** GET /classes/:id/eligibility: whether each of the family's campers may take a seat, and why not. */
export type CamperEligibility = Schemas["CamperEligibility"];
