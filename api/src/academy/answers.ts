import { z } from "zod";
import { text } from "../platform/text.js";

/** What the academy's settings routes take and answer (decision 051). */

const email = (what: string) =>
  z
    .email({ error: `${what} must be an e-mail address.` })
    .max(254, { error: `${what} must be at most 254 characters.` })
    .transform((s) => s.toLowerCase());

/** A link on another site: https only, so a footer link never runs script or leaves for plain http. */
const link = z
  .url({ protocol: /^https$/, error: "A link starts with https://." })
  .max(300, { error: "At most 300 characters." })
  .optional();

export const academyBody = z.object({
  name: text({ required: "The academy's name is required.", max: 80 }).meta({ description: "Shown on every page" }),
  legalName: text({ required: "The legal name is required.", max: 120 }).meta({
    description: "On receipts and year-end statements",
  }),
  addressLines: z
    .array(text({ required: "A line of the address cannot be empty.", max: 120 }), {
      error: "The address is one to three lines.",
    })
    .min(1, { error: "The address is one to three lines." })
    .max(3, { error: "The address is one to three lines." }),
  phone: z
    .string({ error: "The phone number is required." })
    .trim()
    .regex(/^\+?[0-9 ()./-]{7,25}$/, { error: "A phone number of digits, spaces, ( ) . / - and a leading +." }),
  email: email("The contact e-mail"),
  replyToEmail: email("The reply-to address")
    .nullable()
    .meta({ description: "Where answers go (null: the contact e-mail)" }),
  senderName: text({ required: "The sender's name is required.", max: 80 }).meta({
    description: "The name e-mails come from",
  }),
  taxId: z
    .string({ error: "The tax id is required." })
    .trim()
    .regex(/^[0-9]{2}-[0-9]{7}$/, { error: "A US employer identification number, as 12-3456789." }),
  seasonText: text({ required: "Say when camp runs.", max: 60 }),
  dayText: text({ required: "Say what a camp day looks like.", max: 400, multiLine: true }),
  replyTime: text({ required: "Say how soon messages are answered.", max: 60 }),
  socialLinks: z
    .object(
      { facebook: link, instagram: link, youtube: link, x: link, pinterest: link },
      {
        error: "Links by site: facebook, instagram, youtube, x, pinterest.",
      },
    )
    .strict(),
  logoUrl: z
    .string({ error: "Upload the logo as an image of this site." })
    .regex(/^\/images\/[0-9a-f]{64}\.webp$/, { error: "Upload the logo as an image of this site." })
    .nullable()
    .optional()
    .meta({
      description:
        "An image uploaded with POST /images (its display_url); null: the site's own mark; absent: unchanged",
    }),
});

const links = z.object({
  facebook: z.string().optional(),
  instagram: z.string().optional(),
  youtube: z.string().optional(),
  x: z.string().optional(),
  pinterest: z.string().optional(),
});

export const academyAnswer = z
  .object({
    setupNeeded: z
      .literal(true)
      .optional()
      .meta({ description: "Present only on a new installation with no admin yet: its first visit goes to /setup" }),
    name: z.string(),
    legalName: z.string(),
    addressLines: z.array(z.string()),
    phone: z.string(),
    email: z.string(),
    replyToEmail: z.string().nullable(),
    senderName: z.string(),
    taxId: z.string(),
    seasonText: z.string(),
    dayText: z.string(),
    replyTime: z.string(),
    socialLinks: links,
    logoUrl: z
      .string()
      .nullable()
      .meta({ description: "The academy's logo (an image of this API); null: the site's own mark" }),
    updatedAt: z.iso.datetime().meta({ description: "When they were last changed (ISO 8601)" }),
  })
  .meta({ id: "Academy", description: "The academy's own facts, as every page and message says them" });
