import type { CampSession } from "shared-auth";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { askToLogIn, explainOverlap, showProblem, toastSuccess } from "./alerts";

// shared-auth's dialogs and toast, as this remote calls them (its formatting stays real).
const shown = vi.hoisted(() => ({ showDialog: vi.fn(), showChoice: vi.fn(), showToast: vi.fn() }));
vi.mock("shared-auth", async (importOriginal) => ({ ...(await importOriginal<object>()), ...shown }));

beforeEach(() => {
  shown.showDialog.mockReset().mockResolvedValue(true);
  shown.showChoice.mockReset().mockResolvedValue("confirm");
  shown.showToast.mockReset();
});

const lastDialog = () => shown.showDialog.mock.lastCall?.[1] as Record<string, unknown>;

describe("askToLogIn", () => {
  const lastChoice = () => shown.showChoice.mock.lastCall?.[1] as Record<string, unknown>;
  const lastChoiceLook = () => shown.showChoice.mock.lastCall?.[0] as { scopeClass: string };

  it("warns a visitor in the spec's words (section 5), and offers to sign up too", async () => {
    await askToLogIn();
    expect(lastChoice()).toMatchObject({
      title: "Please login Booking for Class",
      confirm: "Please Login!",
      deny: "Sign up",
      cancel: "Cancel",
    });
    expect(lastChoiceLook().scopeClass).toBe("mfe-public");
  });

  it("answers where they chose to go: log in, sign up, or nowhere", async () => {
    await expect(askToLogIn()).resolves.toBe("/login");
    shown.showChoice.mockResolvedValue("deny");
    await expect(askToLogIn()).resolves.toBe("/signup");
    shown.showChoice.mockResolvedValue("dismiss");
    await expect(askToLogIn()).resolves.toBeNull();
  });
});

describe("explainOverlap", () => {
  const session: CampSession = {
    start_date: "2027-07-05",
    end_date: "2027-07-16",
    weekdays: ["mon", "wed"],
    start_time: "09:00",
    end_time: "12:00",
  };
  const adding = { ...session, class_name: "Junior Tennis" };
  const clash = { ...session, weekdays: ["mon" as const], start_time: "10:00", class_name: "Swim Squad" };

  it("names both classes and when they meet; a class in the cart offers the cart, Cancel focused", async () => {
    await expect(explainOverlap(adding, clash, true)).resolves.toBe(true);
    const dialog = lastDialog();
    expect(dialog).toMatchObject({ title: "These classes overlap", confirm: "Open my cart", cancel: "Cancel" });
    expect(dialog.focusCancel).toBe(true);
    expect(dialog.text).toBe(
      "Junior Tennis (Mon, Wed, 9:00-12:00, 5-16 July 2027) runs at the same time as Swim Squad (Mon, 10:00-12:00, 5-16 July 2027), which is already in your cart. You cannot take two classes at the same time: remove one of them from your cart first.",
    );
  });

  it("offers no way to add it anyway: the server refuses one camper two classes at once", async () => {
    await explainOverlap(adding, clash, false);
    const dialog = lastDialog();
    expect(dialog).toEqual({
      title: "These classes overlap",
      text: "Junior Tennis (Mon, Wed, 9:00-12:00, 5-16 July 2027) runs at the same time as Swim Squad (Mon, 10:00-12:00, 5-16 July 2027), which you are enrolled in. You cannot take two classes at the same time.",
      confirm: "OK",
    });
  });
});

describe("toastSuccess", () => {
  it("shows the toast for 1500 ms (spec section 4)", () => {
    toastSuccess("Class added on the Cart.");
    expect(shown.showToast).toHaveBeenCalledOnce();
    const [look, title, ms] = shown.showToast.mock.lastCall!;
    expect(title).toBe("Class added on the Cart.");
    expect(ms).toBe(1500);
    expect(look).toMatchObject({ scopeClass: "mfe-public" });
  });
});

describe("showProblem", () => {
  it("shows the reason under the title, with OK", () => {
    showProblem("This class was not added", "The class is full.");
    expect(lastDialog()).toEqual({ title: "This class was not added", text: "The class is full.", confirm: "OK" });
  });

  it("offers the page that mends it, beside Not now, and says which was chosen", async () => {
    shown.showDialog.mockResolvedValueOnce(true);
    expect(
      await showProblem("This class was not added", "Give your details under My Campers.", "Open My Campers"),
    ).toBe(true);
    expect(lastDialog()).toEqual({
      title: "This class was not added",
      text: "Give your details under My Campers.",
      confirm: "Open My Campers",
      cancel: "Not now",
    });
  });
});
