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

/** A family's parent or guardian (GET /guardians): the account holder first, then a second one if any. */
export type Guardian = Schemas["Guardian"];

/** GET and PUT /guardians: the family's guardians, and whether the account holder's own are complete. */
export type Guardians = Schemas["Guardians"];

/** What a family writes for one guardian (PUT /guardians); the first is reached at the account's e-mail. */
export type GuardianInput = Omit<Guardian, "position" | "email">;

/** PUT /guardians: the account holder, and a second guardian (with their e-mail) or none. */
export interface GuardiansInput {
  first: GuardianInput;
  second: (GuardianInput & { email: string }) | null;
}

/** GET /classes/:id/eligibility: whether each of the family's campers may take a seat, and why not. */
export type CamperEligibility = Schemas["CamperEligibility"];
