import { createRequire } from "node:module";
import PDFDocument from "pdfkit";
import { ACADEMY_TIME_ZONE } from "../../platform/academy-day.js";

/**
 * A signed waiver as a PDF (PDFKit): the exact text signed, the answers, and the signature's
 * record (who, when, from where, under which consent, the SHA-256 of the text), so the family and
 * the office each hold a copy anyone can check against the version kept. Set in DejaVu Sans,
 * embedded, so names in any Latin, Greek or Cyrillic script print as typed.
 */

const require = createRequire(import.meta.url);
const FONT = require.resolve("dejavu-fonts-ttf/ttf/DejaVuSans.ttf");
const FONT_BOLD = require.resolve("dejavu-fonts-ttf/ttf/DejaVuSans-Bold.ttf");

/**
 * What a signed copy shows, as the forms domain gathers it (JSON-safe, so an e-mail's outbox row
 * keeps it): the text exactly as signed, each open answer in words, and the signature's record.
 */
export interface SignedRecord {
  academy: string;
  title: string;
  version: number;
  /** ISO instants, here and below. */
  publishedAt: string;
  /** The version's text as hashed: title, introduction and questions (the forms domain's `renderText`). */
  text: string;
  answers: { question: string; answer: string }[];
  /** Medical answers were given and are left out of the copy. */
  medicalLeftOut: boolean;
  familyName: string;
  camperName: string | null;
  signerName: string;
  signerEmail: string;
  signedAt: string;
  ipAddress: string;
  userAgent: string;
  consentAt: string;
  disclosureVersion: number;
  textHash: string;
  signatureId: string;
}

const when = (iso: string) => {
  const at = new Date(iso);
  return `${new Intl.DateTimeFormat("en-US", {
    timeZone: ACADEMY_TIME_ZONE,
    dateStyle: "long",
    timeStyle: "long",
  }).format(at)} (${at.toISOString()})`;
};

export function signedPdf(record: SignedRecord): Promise<Buffer> {
  const doc = new PDFDocument({
    size: "LETTER",
    margin: 56,
    info: {
      Title: `${record.title} (signed)`,
      Author: record.academy,
      Subject: `Signed by ${record.signerName}; SHA-256 of the text signed: ${record.textHash}`,
    },
  });
  doc.registerFont("body", FONT);
  doc.registerFont("bold", FONT_BOLD);
  const chunks: Buffer[] = [];
  doc.on("data", (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on("end", () => resolve(Buffer.concat(chunks)));
    doc.on("error", reject);
  });

  const heading = (text: string) => doc.moveDown(0.8).font("bold").fontSize(12).text(text).moveDown(0.3);
  // A label that is a question keeps its own mark rather than gaining a colon ("Swim?: Yes").
  const line = (label: string, value: string) =>
    doc
      .font("bold")
      .fontSize(10)
      .text(`${label}${/[?:.!]$/.test(label) ? "" : ":"} `, { continued: true })
      .font("body")
      .text(value);

  doc.font("bold").fontSize(18).text(record.title);
  doc
    .font("body")
    .fontSize(10)
    .fillColor("#444444")
    .text(`${record.academy} · version ${record.version}, published ${when(record.publishedAt)}`)
    .fillColor("#000000");

  heading("The text signed");
  doc.font("body").fontSize(10).text(record.text);

  heading("The answers given");
  for (const { question, answer } of record.answers) line(question, answer);
  if (record.medicalLeftOut) doc.font("body").text("Medical answers are kept sealed and are not printed on this copy.");

  heading("The signature");
  line("Signed by", `${record.signerName} (${record.signerEmail})`);
  line("For the family of", record.familyName);
  if (record.camperName) line("About the camper", record.camperName);
  line("Signed at", when(record.signedAt));
  line("From the address", record.ipAddress);
  line("In the browser", record.userAgent || "(not given)");
  line(
    "Consent to sign electronically",
    `given ${when(record.consentAt)}, to the consumer disclosure version ${record.disclosureVersion}`,
  );
  line("SHA-256 of the text signed", record.textHash);
  line("Signature record", record.signatureId);
  doc
    .moveDown(0.8)
    .font("body")
    .fontSize(9)
    .fillColor("#444444")
    .text(
      "The SHA-256 is computed over the text above exactly as shown, lines joined by line feeds. " +
        "This record cannot be changed; a newer signature may only follow it.",
    );
  doc.end();
  return done;
}
