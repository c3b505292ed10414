import { sql } from "drizzle-orm";
import { check, index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { timestamps } from "./values.js";
import { users } from "./users-and-classes.js";

/** Uploaded images, content-addressed: any API instance can serve them from the database. */
export const images = pgTable("images", {
  sha256: text("sha256").primaryKey(),
  contentType: text("content_type").notNull(),
  bytes: text("bytes_base64").notNull(),
  width: integer("width").notNull(),
  height: integer("height").notNull(),
  uploadedBy: uuid("uploaded_by").references(() => users.id, { onDelete: "set null" }),
  createdAt: timestamps.createdAt,
});

/** Payment-provider webhook events already handled: a replay changes nothing. */
export const processedWebhookEvents = pgTable("processed_webhook_events", {
  eventId: text("event_id").primaryKey(),
  type: text("type").notNull(),
  processedAt: timestamp("processed_at", { withTimezone: true }).notNull().defaultNow(),
});

export const contactMessages = pgTable(
  "contact_messages",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    name: text("name").notNull(),
    email: text("email").notNull(),
    message: text("message").notNull(),
    /** When an admin marked it read; null: unread. */
    readAt: timestamp("read_at", { withTimezone: true }),
    createdAt: timestamps.createdAt,
  },
  (t) => [index("contact_messages_created_idx").on(t.createdAt, t.id)],
);

/** The home page's "Subscribe For Offer!" box: one row per address, kept once. */
export const newsletterSubscriptions = pgTable(
  "newsletter_subscriptions",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    /** Stored lower-case: one subscription per address. */
    email: text("email").notNull(),
    /** When the subscriber ticked the terms box (the subscription is refused without it). */
    acceptedTermsAt: timestamp("accepted_terms_at", { withTimezone: true }).notNull(),
    createdAt: timestamps.createdAt,
  },
  (t) => [
    uniqueIndex("newsletter_subscriptions_email_key").on(t.email),
    check("newsletter_subscriptions_email_lower", sql`${t.email} = lower(${t.email})`),
  ],
);

/**
 * A version per cached public list, bumped in the same transaction as any write that changes it.
 * Every API process compares versions before serving its cached copy, so a write is visible on
 * the very next read, whichever process serves it.
 */
export const cacheVersions = pgTable("cache_versions", {
  name: text("name").primaryKey(),
  version: integer("version").notNull().default(0),
});

/**
 * Access tokens ended by signing out (their `jti`), kept until they would have expired anyway:
 * the auth plugin refuses them in the same query that reads the caller's role (decision 028).
 */
export const revokedAccessTokens = pgTable(
  "revoked_access_tokens",
  {
    jti: uuid("jti").primaryKey(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    /** The token's own expiry: after it the row says nothing the signature check does not. */
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
  },
  (t) => [
    index("revoked_access_tokens_expires_idx").on(t.expiresAt),
    index("revoked_access_tokens_user_idx").on(t.userId),
  ],
);
