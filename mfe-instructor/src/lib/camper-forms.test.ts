import { describe, expect, it } from "vitest";
import type { FormVersion } from "shared-auth/wire";
import { answerLines, statusText } from "./camper-forms";

const field = (
  key: string,
  kind: FormVersion["fields"][number]["kind"],
  medical = false,
): FormVersion["fields"][number] => ({
  key,
  kind,
  label: key,
  help: "",
  required: false,
  medical,
  choices: [],
  min: null,
  max: null,
});
const version = {
  fields: [
    field("swim", "yes-no"),
    field("days", "many-choices"),
    field("allergy", "long-text", true),
    field("notes", "short-text"),
    field("sign", "signature"),
  ],
};
const answer = (values: Record<string, unknown>, unreadable = false) => ({ values, unreadable });

describe("answerLines", () => {
  it("words a file answer by its kind and name, and offers it to download", () => {
    const file = { file_id: "f1", name: "physical.pdf", kind: "pdf" };
    const lines = answerLines({ fields: [field("doc", "file", true), field("card", "file")] }, answer({ doc: file }));
    expect(lines.map((l) => [l.text, l.file])).toEqual([
      ["Uploaded a PDF: physical.pdf", file],
      ["Not answered", null],
    ]);
  });

  it("words each answer as the family gave it, in the form's order", () => {
    expect(
      answerLines(
        version,
        answer({ swim: false, days: ["Mon", "Wed"], allergy: "Nuts", sign: { name: "Ana Diaz", agreed: true } }),
      ).map((l) => `${l.label}: ${l.text}`),
    ).toEqual(["swim: No", "days: Mon, Wed", "allergy: Nuts", "notes: Not answered", "sign: Signed as Ana Diaz"]);
  });

  it("says a medical answer that could not be opened is to be asked of the family", () => {
    const lines = answerLines(version, answer({ swim: true }, true));
    expect(lines.find((l) => l.key === "allergy")!.text).toBe("Kept but could not be opened: ask the family");
    expect(lines.find((l) => l.key === "notes")!.text).toBe("Not answered");
  });

  it("gives a missing form's due day as people write it", () => {
    expect(statusText({ status: "late", due_date: "2027-07-19" })).toBe("Late, due Jul 19, 2027");
    expect(statusText({ status: "complete", due_date: "2027-07-19" })).toBe("Complete");
  });
});
