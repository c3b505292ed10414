import AdmZip from "adm-zip";
import { afterEach, describe, expect, it } from "vitest";
import { pdfText } from "../../../tools/pdf-text.mjs";
import { family, lineClass, paySeats, type Person } from "../../test/families.js";
import { ADMIN, clockDay, useTestApi } from "../../test/harness.js";
import { ACADEMY } from "../notifications/index.js";
import { now, restoreClock, setClock } from "../platform/clock.js";

/**
 * Year-end statements (decision 049) through the API on PGlite and PostgreSQL, with the payment
 * sandbox: a family pays by card for two children, the office takes cash and a cheque for one of
 * them, a seat is refunded in part and another moved; after 1 January each child's statement
 * counts that child's share of each payment less what went back, never a move's credit, and the
 * PDF says the academy's tax id, the child and the amounts.
 */
const api = useTestApi();
let previous: number | null = null;
afterEach(() => {
  if (previous !== null) restoreClock(previous);
  previous = null;
});

const admin = (url: string, payload: object) => api.call({ method: "POST", url, as: ADMIN, payload });
const statementOf = (who: Person, year: number, camperId: string, pdf = false) =>
  api.call({ method: "GET", url: `/statements/${year}/campers/${camperId}${pdf ? "/pdf" : ""}`, as: who });
const seatOf = async (who: Person, classId: string, camperId: string) =>
  (
    (await api.call({ method: "GET", url: "/enrollments", as: who })).json() as {
      _id: string;
      classId: string;
      camperId: string;
    }[]
  ).find((s) => s.classId === classId && s.camperId === camperId)!._id;

describe("a child's year-end statement", () => {
  it("counts the child's share of each payment less refunds, after the year ended, as data and as a PDF", async () => {
    const fam = await family(api, ["Mia", "Leo"]);
    const [mia, leo] = fam.kids as [string, string];
    const year = Number(clockDay(0).slice(0, 4));
    // Both children by card, one checkout of $250.00.
    const camp = await lineClass(api, 5, { priceCents: 12_500 });
    await paySeats(api, fam, [camp], [mia, leo]);
    // Leo's seat cancelled by the office with $50.00 back to the card.
    const cancelled = await api.call({
      method: "POST",
      url: `/enrollments/${await seatOf(fam, camp, leo)}/cancel`,
      as: ADMIN,
      payload: { refundCents: 5_000, reason: "Moved away" },
    });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    // Mia at the desk too: $40.00 in cash now, a $60.00 cheque later.
    const firstDays = [clockDay(60), clockDay(80)];
    const desk = await lineClass(api, 5, { priceCents: 10_000, startDate: firstDays[0], endDate: clockDay(64) });
    const booked = await admin(`/admin/families/${fam.id}/bookings`, {
      seats: [{ classId: desk, camperId: mia }],
      payment: { method: "cash", amountCents: 4_000, receivedOn: clockDay(0) },
      dueDay: clockDay(20),
    });
    expect(booked.statusCode, booked.body).toBe(201);
    const cheque = await admin(`/admin/orders/${booked.json().order._id}/payments`, {
      method: "cheque",
      amountCents: 6_000,
      reference: "1042",
      receivedOn: clockDay(0),
    });
    expect(cheque.statusCode, cheque.body).toBe(201);
    // Mia's card seat moved to a class of the same price: its credit is no payment and no refund.
    const same = await lineClass(api, 5, { priceCents: 12_500, startDate: firstDays[1], endDate: clockDay(84) });
    const moved = await admin(`/admin/enrollments/${await seatOf(fam, camp, mia)}/move`, { toClassId: same });
    expect(moved.statusCode, moved.body).toBe(201);

    // Before the year ends: not yet.
    expect((await statementOf(fam, year, mia)).statusCode).toBe(409);
    expect((await api.call({ method: "GET", url: `/admin/statements/${year}/archive`, as: ADMIN })).statusCode).toBe(
      409,
    );
    expect((await api.call({ method: "GET", url: "/statements", as: fam })).json()).toMatchObject({
      years: [year - 1, year - 2, year - 3, year - 4, year - 5],
    });

    // The next 2 January at the academy.
    previous = setClock(new Date(`${year + 1}-01-02T20:00:00Z`));
    expect(now().getUTCFullYear()).toBe(year + 1);
    const miaStatement = await statementOf(fam, year, mia);
    expect(miaStatement.statusCode, miaStatement.body).toBe(200);
    const s = miaStatement.json();
    expect(s.academy).toMatchObject({ legalName: ACADEMY.legalName, taxId: ACADEMY.taxId });
    expect(s.camper.name).toMatch(/^Mia /);
    expect(s.payments.map((p: { methodText: string; cents: number }) => `${p.methodText}/${p.cents}`).sort()).toEqual(
      ["by cheque no. 1042/6000", "in cash/4000", "by card/12500"].sort(),
    );
    expect(s).toMatchObject({ paidCents: 22_500, refundedCents: 0, netCents: 22_500 });
    // The classes the money was for: the desk's, and the one the card seat moved to (not the one it left).
    expect(s.seats).toHaveLength(2);
    expect(s.seats.map((x: { firstDay: string }) => x.firstDay).sort()).toEqual(firstDays);

    const leoStatement = (await statementOf(fam, year, leo)).json();
    expect(leoStatement).toMatchObject({ paidCents: 12_500, refundedCents: 5_000, netCents: 7_500 });
    expect(leoStatement.refunds).toEqual([expect.objectContaining({ methodText: "to the card", cents: 5_000 })]);

    // Another family's child is not found; the office reads any.
    const stranger = await family(api, []);
    expect((await statementOf(stranger, year, mia)).statusCode).toBe(404);
    expect((await statementOf(ADMIN, year, mia)).statusCode).toBe(200);

    // The office's archive of the year: a folder per family, a PDF per child with money in the year.
    const archive = await api.call({ method: "GET", url: `/admin/statements/${year}/archive`, as: ADMIN });
    expect(archive.statusCode, archive.body).toBe(200);
    expect(archive.headers["content-type"]).toBe("application/zip");
    const entries = new AdmZip(archive.rawPayload).getEntries();
    expect(entries).toHaveLength(Number(archive.headers["x-statement-count"]));
    const ours = entries.filter((e) => e.entryName.includes(fam.id.slice(0, 8)));
    expect(ours.map((e) => e.entryName.replace(/^.*\//, "")).sort()).toEqual([
      expect.stringMatching(new RegExp(`^statement-${year}-Leo-.*\\.pdf$`)),
      expect.stringMatching(new RegExp(`^statement-${year}-Mia-.*\\.pdf$`)),
    ]);
    expect(await pdfText(ours.find((e) => e.entryName.includes("-Mia-"))!.getData())).toContain("$225.00");
    expect((await api.call({ method: "GET", url: `/admin/statements/${year}/archive`, as: fam })).statusCode).toBe(403);

    // The PDF says who, for whom, and how much, in words a stranger can read.
    const pdf = await statementOf(fam, year, mia, true);
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers["content-type"]).toBe("application/pdf");
    expect(pdf.headers["content-disposition"]).toMatch(new RegExp(`^attachment; filename="statement-${year}-Mia-`));
    const text = await pdfText(pdf.rawPayload);
    for (const words of [
      `Statement of payments, ${year}`,
      ACADEMY.legalName,
      `Tax id (EIN): ${ACADEMY.taxId}`,
      "Mia ",
      "Paid by cheque no. 1042",
      "$60.00",
      "$40.00",
      "$125.00",
      "$225.00",
    ]) {
      expect(text).toContain(words);
    }
  });
});
