import { sql } from "drizzle-orm";
import {
  boolean,
  check,
  foreignKey,
  index,
  integer,
  jsonb,
  pgTable,
  smallint,
  text,
  timestamp,
  unique,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import { campers } from "./families.js";
import { timestamps } from "./values.js";
import { users } from "./users-and-classes.js";

export const FORM_AUDIENCES = ["family", "camper"] as const;
export type FormAudience = (typeof FORM_AUDIENCES)[number];

/**
 * A form the academy asks families to fill before the first day (a waiver, a medical release):
 * who fills it (once per family, or once per camper), which classes need it and how many days
 * before a camper's first day it is due. What it asks is in its versions; archiving it stops
 * asking and keeps every answer.
 */
export const forms = pgTable(
  "forms",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    audience: text("audience", { enum: FORM_AUDIENCES }).notNull(),
    /** Every class needs it; otherwise the classes of `sports` and the classes in `class_ids`. */
    allClasses: boolean("all_classes").notNull().default(true),
    sports: text("sports")
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    classIds: uuid("class_ids")
      .array()
      .notNull()
      .default(sql`'{}'::uuid[]`),
    dueDaysBefore: smallint("due_days_before").notNull(),
    createdBy: uuid("created_by").references(() => users.id, { onDelete: "set null" }),
    archivedAt: timestamp("archived_at", { withTimezone: true }),
    ...timestamps,
  },
  (t) => [
    check("forms_audience_check", sql`${t.audience} in ('family', 'camper')`),
    check("forms_due_days_check", sql`${t.dueDaysBefore} between 0 and 120`),
    check("forms_targets_check", sql`${t.allClasses} or cardinality(${t.sports}) + cardinality(${t.classIds}) > 0`),
  ],
);

/**
 * What a form asks, as published: a version is never changed (a trigger refuses updates), so an
 * answer and a signature always point at the exact text they answered. `text_hash` is the SHA-256
 * of that text as the forms domain renders it; `sign_again` says whether answers to older versions
 * stop counting once this one is out.
 */
export const formVersions = pgTable(
  "form_versions",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    formId: uuid("form_id")
      .notNull()
      .references(() => forms.id, { onDelete: "cascade" }),
    version: integer("version").notNull(),
    title: text("title").notNull(),
    intro: text("intro").notNull().default(""),
    fields: jsonb("fields").notNull(),
    textHash: text("text_hash").notNull(),
    signAgain: boolean("sign_again").notNull().default(false),
    /** Who published it; no foreign key, since a version is never updated (not even to forget an admin). */
    publishedBy: uuid("published_by"),
    publishedAt: timestamp("published_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("form_versions_form_version_key").on(t.formId, t.version),
    check("form_versions_version_check", sql`${t.version} >= 1`),
    check("form_versions_title_length", sql`char_length(${t.title}) between 1 and 120`),
    check("form_versions_intro_length", sql`char_length(${t.intro}) <= 20000`),
    check("form_versions_hash_check", sql`${t.textHash} ~ '^[0-9a-f]{64}$'`),
  ],
);

/**
 * A family's answer to one version of a form, for the family or for one camper. Answers a field
 * marks medical are one sealed value (platform/sealing.ts), bound to this row and its family. Once
 * signed, the row can no longer change (a trigger), only be followed by an answer to a newer version.
 */
export const formAnswers = pgTable(
  "form_answers",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    formId: uuid("form_id")
      .notNull()
      .references(() => forms.id, { onDelete: "cascade" }),
    versionId: uuid("version_id")
      .notNull()
      .references(() => formVersions.id, { onDelete: "cascade" }),
    familyId: uuid("family_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    /** Whom it is about: a camper of the family, or null for a form filled once per family. */
    camperId: uuid("camper_id"),
    values: jsonb("values").notNull(),
    sealedValues: text("sealed_values"),
    ...timestamps,
  },
  (t) => [
    unique("form_answers_subject_key").on(t.versionId, t.familyId, t.camperId).nullsNotDistinct(),
    index("form_answers_family_idx").on(t.familyId, t.formId),
    foreignKey({
      name: "form_answers_family_camper_fk",
      columns: [t.camperId, t.familyId],
      foreignColumns: [campers.id, campers.familyId],
    }).onDelete("cascade"),
  ],
);

export const ESIGN_ACTIONS = ["agreed", "withdrawn"] as const;

/**
 * A family member's agreement to do business electronically (the ESIGN Act's consumer disclosure),
 * or its withdrawal: a record is added, never changed (a trigger refuses updates), and the latest
 * one for the disclosure's current version counts.
 */
export const esignConsents = pgTable(
  "esign_consents",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    disclosureVersion: smallint("disclosure_version").notNull(),
    action: text("action", { enum: ESIGN_ACTIONS }).notNull(),
    ipAddress: text("ip_address").notNull(),
    userAgent: text("user_agent").notNull(),
    at: timestamp("at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("esign_consents_user_idx").on(t.userId, t.at),
    check("esign_consents_action_check", sql`${t.action} in ('agreed', 'withdrawn')`),
    check("esign_consents_user_agent_length", sql`char_length(${t.userAgent}) <= 512`),
  ],
);

/**
 * A signature: who signed (the account's user and the full name they typed), the exact version
 * signed and the hash of its text, when, from which address and browser, under which consent. A
 * trigger refuses every update; one signature per version and subject.
 */
export const signatures = pgTable(
  "signatures",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    answerId: uuid("answer_id")
      .notNull()
      .references(() => formAnswers.id, { onDelete: "cascade" }),
    versionId: uuid("version_id")
      .notNull()
      .references(() => formVersions.id, { onDelete: "cascade" }),
    familyId: uuid("family_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    camperId: uuid("camper_id"),
    signerId: uuid("signer_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    signerName: text("signer_name").notNull(),
    signerEmail: text("signer_email").notNull(),
    consentId: uuid("consent_id")
      .notNull()
      .references(() => esignConsents.id, { onDelete: "cascade" }),
    textHash: text("text_hash").notNull(),
    ipAddress: text("ip_address").notNull(),
    userAgent: text("user_agent").notNull(),
    signedAt: timestamp("signed_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("signatures_answer_key").on(t.answerId),
    unique("signatures_subject_key").on(t.versionId, t.familyId, t.camperId).nullsNotDistinct(),
    index("signatures_family_idx").on(t.familyId, t.signedAt),
    check("signatures_signer_name_length", sql`char_length(${t.signerName}) between 2 and 120`),
    check("signatures_hash_check", sql`${t.textHash} ~ '^[0-9a-f]{64}$'`),
    check("signatures_user_agent_length", sql`char_length(${t.userAgent}) <= 512`),
  ],
);

export const FORM_FILE_KINDS = ["image", "pdf"] as const;

/**
 * A file a family uploaded to answer a form's file question (a doctor's physical, a vaccination
 * card): a picture re-encoded as WebP, or a PDF rewritten without its active parts. The name and
 * the bytes are sealed and bound to the row like medical answers, so a copy of the database holds
 * no child's document; only its family and the staff of the camper's classes read it.
 */
export const formFiles = pgTable(
  "form_files",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    familyId: uuid("family_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    /** Whom it is about, as the answer it belongs to: a camper of the family, or null for the family. */
    camperId: uuid("camper_id"),
    formId: uuid("form_id")
      .notNull()
      .references(() => forms.id, { onDelete: "cascade" }),
    fieldKey: text("field_key").notNull(),
    kind: text("kind", { enum: FORM_FILE_KINDS }).notNull(),
    byteSize: integer("byte_size").notNull(),
    /** `{ name, base64 }` sealed: the file's name as shown and its bytes. */
    sealedContent: text("sealed_content").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("form_files_subject_idx").on(t.familyId, t.formId, t.fieldKey),
    check("form_files_kind_check", sql`${t.kind} in ('image', 'pdf')`),
    check("form_files_size_check", sql`${t.byteSize} > 0`),
    foreignKey({
      name: "form_files_family_camper_fk",
      columns: [t.camperId, t.familyId],
      foreignColumns: [campers.id, campers.familyId],
    }).onDelete("cascade"),
  ],
);
