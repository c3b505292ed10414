import { describe, expect, it } from "vitest";
import { academyFormValues, academyInput, inOrder, placeAcademyErrors, type AcademyFormValues } from "./academy";
import type { Academy } from "./academy-types";

const academy: Academy = {
  name: "Summit Sports Academy",
  legalName: "Summit Sports Academy LLC",
  addressLines: ["120 Riverside Drive", "Portland, OR 97201"],
  phone: "+1 (503) 555-0142",
  email: "hello@summitsports.academy",
  replyToEmail: null,
  senderName: "Summit Sports Academy",
  taxId: "93-4172085",
  seasonText: "June to August",
  dayText: "A sports block and a study block.",
  replyTime: "within one working day",
  socialLinks: { instagram: "https://www.instagram.com/summit" },
  logoUrl: `/images/${"a".repeat(64)}.webp`,
  updatedAt: "2026-11-01T10:00:00.000Z",
};
const form = academyFormValues(academy);
const withValues = (change: Partial<AcademyFormValues>) => academyInput({ ...form, ...change });

describe("the academy details form", () => {
  it("opens with three address inputs and an input per site, empty where nothing is set", () => {
    expect(form.addressLines).toEqual(["120 Riverside Drive", "Portland, OR 97201", ""]);
    expect(form.replyToEmail).toBe("");
    expect(form.socialLinks).toEqual({
      facebook: "",
      instagram: "https://www.instagram.com/summit",
      youtube: "",
      x: "",
      pinterest: "",
    });
  });

  it("sends the academy back as it came: no empty line, no empty link, no reply-to as null", () => {
    const { updatedAt: _at, ...body } = academy;
    expect(academyInput(form)).toEqual({ body, problems: {} });
    expect(withValues({ replyToEmail: " answers@example.com " }).body?.replyToEmail).toBe("answers@example.com");
    expect(withValues({ addressLines: ["", " 9 Harbour Road ", "Duluth"] }).body?.addressLines).toEqual([
      "9 Harbour Road",
      "Duluth",
    ]);
  });

  it("says what is wrong with each field, by the API's name for it", () => {
    const { body, problems } = academyInput({
      name: " ",
      legalName: "L".repeat(121),
      addressLines: ["", "", ""],
      phone: "call us",
      email: "not an address",
      replyToEmail: "nobody@",
      senderName: "",
      taxId: "123456789",
      seasonText: "S".repeat(61),
      dayText: "D".repeat(401),
      replyTime: "",
      logoUrl: null,
      socialLinks: {
        facebook: "http://facebook.com/summit",
        instagram: "www.instagram.com/summit",
        youtube: `https://www.youtube.com/${"y".repeat(300)}`,
        x: "",
        pinterest: "https://",
      },
    });
    expect(body).toBeNull();
    expect(problems).toEqual({
      name: "Enter the academy's name.",
      legalName: "Keep it to 120 characters (it has 121).",
      "addressLines.0": "Enter the address, on one to three lines.",
      phone: "Use digits, spaces, ( ) . / - and a leading +: 7 to 25 characters.",
      email: "Enter an e-mail address such as name@example.com",
      replyToEmail: "Enter an e-mail address such as name@example.com",
      senderName: "Enter the name e-mails come from.",
      taxId: "Enter the tax id as two digits, a dash and seven digits: 12-3456789.",
      seasonText: "Keep it to 60 characters (it has 61).",
      dayText: "Keep it to 400 characters (it has 401).",
      replyTime: "Say how soon messages are answered.",
      "socialLinks.facebook": "A link starts with https://, as https://www.instagram.com/academy.",
      "socialLinks.instagram": "A link starts with https://, as https://www.instagram.com/academy.",
      "socialLinks.youtube": "Keep it to 300 characters (it has 324).",
      "socialLinks.pinterest": "A link starts with https://, as https://www.instagram.com/academy.",
    });
  });

  it("takes the phone numbers and tax ids the API takes", () => {
    for (const phone of ["+1 (503) 555-0142", "503.555.0142", "0044 20/7946 0958"]) {
      expect(withValues({ phone }).problems.phone).toBeUndefined();
    }
    for (const phone of ["555-01", "+1 503 555 0142 ext 9", "1".repeat(26)]) {
      expect(withValues({ phone }).problems.phone).toBeDefined();
    }
    expect(withValues({ taxId: " 12-3456789 " }).body?.taxId).toBe("12-3456789");
    expect(withValues({ taxId: "12-345678" }).problems.taxId).toBeDefined();
    expect(withValues({ addressLines: ["A".repeat(121), "", ""] }).problems["addressLines.0"]).toBe(
      "Keep it to 120 characters (it has 121).",
    );
  });

  it("lists problems in the form's order, so the first on screen takes focus", () => {
    expect(Object.keys(inOrder({ "socialLinks.x": "a", email: "b", name: "c" }))).toEqual([
      "name",
      "email",
      "socialLinks.x",
    ]);
  });

  it("places the API's refusals on their inputs, an address line by its place among the lines sent", () => {
    const sent = { ...form, addressLines: ["9 Harbour Road", "", "Duluth"] };
    expect(
      placeAcademyErrors(
        {
          email: "The contact e-mail must be an e-mail address.",
          "addressLines.1": "Must not contain control characters.",
          "socialLinks.facebook": "A link starts with https://.",
          socialLinks: "Links by site: facebook, instagram, youtube, x, pinterest.",
        },
        sent,
      ),
    ).toEqual({
      shown: {
        email: "The contact e-mail must be an e-mail address.",
        "addressLines.2": "Must not contain control characters.",
        "socialLinks.facebook": "A link starts with https://.",
      },
      unplaced: ["Links by site: facebook, instagram, youtube, x, pinterest."],
    });
    expect(placeAcademyErrors({ addressLines: "The address is one to three lines." }, sent).shown).toEqual({
      "addressLines.0": "The address is one to three lines.",
    });
  });
});
