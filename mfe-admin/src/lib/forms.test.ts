import { describe, expect, it } from "vitest";
import { appliesInWords, bodyOf, emptyDraft, type AdminForm } from "./forms";

const swim = { _id: "5c0a3f3e-7b7a-4a57-9a55-0e2f4b1e7d01", name: "Swim Starters" };

describe("the form builder's body", () => {
  it("sends the classes chosen by id, and none when every class needs the form", () => {
    const draft = { ...emptyDraft(), title: "Trip consent", all: false, sports: ["soccer"], classes: [swim] };
    expect(bodyOf(draft, true)).toMatchObject({
      audience: "camper",
      applies_to: { all: false, sports: ["soccer"], class_ids: [swim._id] },
    });
    expect(bodyOf({ ...draft, all: true }, false)).toMatchObject({
      applies_to: { all: true, sports: [], class_ids: [] },
      sign_again: false,
    });
  });
});

describe("where a form is asked, in words", () => {
  const form = (applies: Partial<AdminForm["applies_to"]>, classes: AdminForm["classes"] = []) =>
    ({ applies_to: { all: false, sports: [], class_ids: [], ...applies }, classes }) satisfies Pick<
      AdminForm,
      "applies_to" | "classes"
    >;
  const sportName = (id: string) => id.charAt(0).toUpperCase() + id.slice(1);

  it("names the sports, then the classes by name (a deleted one as such)", () => {
    expect(appliesInWords(form({ all: true }), sportName)).toBe("Every class");
    expect(appliesInWords(form({ sports: ["tennis"] }, [swim, { _id: "gone", name: null }]), sportName)).toBe(
      "Tennis, Swim Starters, A deleted class",
    );
  });
});
