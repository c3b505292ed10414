import { createRequire } from "node:module";
import PDFDocument from "pdfkit";
import type { Statement } from "./statement.js";

/**
 * A year-end statement as a PDF (PDFKit), set in DejaVu Sans, embedded, so names in any Latin,
 * Greek or Cyrillic script print as typed: the academy with its tax id, the payer, the child, the
 * classes and days attended, each payment and refund, and what was paid in the end.
 */

const require = createRequire(import.meta.url);
const FONT = require.resolve("dejavu-fonts-ttf/ttf/DejaVuSans.ttf");
const FONT_BOLD = require.resolve("dejavu-fonts-ttf/ttf/DejaVuSans-Bold.ttf");

const money = new Intl.NumberFormat("en-US", { style: "currency", currency: "USD" });
const cents = (n: number) => money.format(n / 100);
const longDay = new Intl.DateTimeFormat("en-US", { dateStyle: "long", timeZone: "UTC" });
/** "June 5, 2026" from a calendar day (YYYY-MM-DD): a day, not an instant, so read at UTC. */
export const dayText = (day: string) => longDay.format(new Date(`${day}T00:00:00Z`));

/** The days a child attended, as short dates ("Jul 5, Jul 6"), or the class's dates when none were kept. */
export function attendedText(seat: Statement["seats"][number]): string {
  if (seat.daysAttended.length > 0) {
    const short = new Intl.DateTimeFormat("en-US", { month: "short", day: "numeric", timeZone: "UTC" });
    const days = seat.daysAttended.map((d) => short.format(new Date(`${d}T00:00:00Z`)));
    return `${seat.daysAttended.length} day${seat.daysAttended.length === 1 ? "" : "s"}: ${days.join(", ")}`;
  }
  return seat.firstDay && seat.lastDay
    ? `Enrolled ${dayText(seat.firstDay)} to ${dayText(seat.lastDay)} (no check-ins recorded)`
    : "Enrolled (no dates)";
}

export function statementPdf(s: Statement): Promise<Buffer> {
  const doc = new PDFDocument({
    size: "LETTER",
    margin: 56,
    info: {
      Title: `Statement of payments ${s.year}: ${s.camper.name}`,
      Author: s.academy.legalName,
      Subject: `Payments for ${s.camper.name} in ${s.year}, less refunds: ${cents(s.netCents)}`,
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
  const line = (label: string, value: string) =>
    doc.font("bold").fontSize(10).text(`${label}: `, { continued: true }).font("body").text(value);
  const row = (left: string, middle: string, amount: string, font: "body" | "bold" = "body") => {
    const y = doc.y;
    doc.font(font).fontSize(10).text(left, 56, y, { width: 130 });
    doc.text(middle, 190, y, { width: 250 });
    doc.text(amount, 440, y, { width: 116, align: "right" });
    doc.x = 56;
  };

  doc.font("bold").fontSize(18).text(`Statement of payments, ${s.year}`);
  doc
    .font("body")
    .fontSize(10)
    .fillColor("#444444")
    .text(`Issued ${dayText(s.issuedOn)}`)
    .fillColor("#000000");

  heading("Provider");
  line("Name", s.academy.legalName);
  line("Address", s.academy.address);
  line("Tax id (EIN)", s.academy.taxId);
  line("Contact", `${s.academy.email}, ${s.academy.phone}`);

  heading("Paid by");
  line("Name", s.payer.name);
  if (s.payer.address) line("Address", s.payer.address);
  line("E-mail", s.payer.email);

  heading("For the child");
  line("Name", s.camper.name);
  if (s.camper.dateOfBirth) line("Date of birth", dayText(s.camper.dateOfBirth));
  for (const seat of s.seats) line(seat.className, attendedText(seat));
  if (s.seats.length === 0) doc.font("body").fontSize(10).text("No class in this year.");

  heading("Payments");
  if (s.payments.length === 0) doc.font("body").fontSize(10).text("No payment for this child in this year.");
  for (const p of s.payments) row(dayText(p.on), `Paid ${p.methodText}`, cents(p.cents));
  if (s.refunds.length > 0) {
    heading("Refunds");
    for (const r of s.refunds) row(dayText(r.on), `Given back ${r.methodText}`, `−${cents(r.cents)}`);
  }

  heading("Total");
  row("Paid", "", cents(s.paidCents));
  row("Refunded", "", `−${cents(s.refundedCents)}`);
  row("Paid in the end", "", cents(s.netCents), "bold");
  doc
    .moveDown(1)
    .font("body")
    .fontSize(9)
    .fillColor("#444444")
    .text(
      `Amounts are what was paid for ${s.camper.name}'s seats in ${s.year}, on the day each payment was made, less what went back. ` +
        "A seat moved to another class carries its payment with it and is not counted twice.",
    );
  doc.end();
  return done;
}
