import { z } from "zod";

/** What the contact form's and the newsletter's routes answer (decision 038). */

/** POST /contact. */
export const contactSentAnswer = z.object({
  insertedId: z.string().meta({ description: "The saved message's id (a UUID)" }),
});

/** A message to the academy, as the admins' inbox lists it. */
export const contactMessageAnswer = z
  .object({
    _id: z.string().meta({ description: "The message's id (a UUID)" }),
    name: z.string(),
    email: z.string().meta({ description: "The sender's e-mail address, in lower case" }),
    message: z.string().meta({ description: "The message, line breaks kept" }),
    read: z.boolean().meta({ description: "Whether an admin marked it read" }),
    createdAt: z.string().meta({ description: "When it was sent (ISO 8601, UTC)" }),
  })
  .meta({ id: "ContactMessage", description: "A visitor's message to the academy" });

/** PATCH /contact/{id}. */
export const contactMarkedAnswer = z.object({
  modifiedCount: z.literal(1).meta({ description: "Always 1: an unknown message is a 404" }),
  read: z.boolean().meta({ description: "Whether the message is marked read now" }),
});

/** POST /newsletter (201 when this request subscribed the address, 200 when it already was). */
export const subscribedAnswer = z
  .object({
    subscribed: z.literal(true),
    new: z.boolean().meta({ description: "Whether this request made the subscription (false: it already existed)" }),
    email: z.string().meta({ description: "The subscribed address, in lower case" }),
  })
  .meta({ id: "NewsletterSignup", description: "An address subscribed to the academy's offers" });

/** A subscriber, as the admins' list shows one. */
export const subscriberAnswer = z
  .object({
    _id: z.string().meta({ description: "The subscription's id (a UUID)" }),
    email: z.string().meta({ description: "The subscribed address, in lower case" }),
    acceptedTermsAt: z.string().meta({ description: "When the terms were accepted (ISO 8601, UTC)" }),
    createdAt: z.string().meta({ description: "When the address subscribed (ISO 8601, UTC)" }),
  })
  .meta({ id: "NewsletterSubscriber", description: "An address subscribed to the academy's offers" });

/** GET /newsletter/export.csv. */
export const subscribersCsv = {
  description:
    "The subscribers as a CSV file (attachment newsletter-subscribers.csv), oldest first; columns email, " +
    "subscribed_at, accepted_terms_at (ISO 8601, UTC)",
  content: { "text/csv": { schema: z.string() } },
};
