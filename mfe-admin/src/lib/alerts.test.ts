import { beforeEach, describe, expect, it, vi } from "vitest";
import {
  DECIDED,
  PROMOTED,
  confirmDelete,
  confirmRoleChange,
  notifyDeleted,
  notifySuccess,
  showFailure,
} from "./alerts";

// shared-auth's dialogs, as this remote calls them: what each notice says, not how SweetAlert2 draws it.
const dialogs = vi.hoisted(() => ({ showDialog: vi.fn(), confirmDelete: vi.fn() }));
vi.mock("shared-auth", () => dialogs);

beforeEach(() => {
  dialogs.showDialog.mockReset().mockResolvedValue(true);
  dialogs.confirmDelete.mockReset().mockResolvedValue(true);
});

/** The options of the last dialog shown. */
const lastDialog = () => dialogs.showDialog.mock.lastCall?.[1] as Record<string, unknown>;
const lastLook = () => dialogs.showDialog.mock.lastCall?.[0] as { scopeClass: string; icon: { html: string } };

describe("the spec's notices (section 8), word for word", () => {
  it("after a role change", () => {
    expect(PROMOTED.admin("Ann Lee")).toBe("Ann Lee is an Admin Now!");
    expect(PROMOTED.instructor("Ann Lee")).toBe("Ann Lee is an Instructor Now!");
    expect(PROMOTED.student("Ann Lee")).toBe("Ann Lee is a Student Now!");
  });

  it("after a class review", () => {
    expect(DECIDED.approved).toBe("Are You Approve this Class Now!");
    expect(DECIDED.denied).toBe("Are You Deny this Class Now!");
  });
});

describe("notifySuccess", () => {
  it("shows the title in this remote's scope and closes after 1500 ms (spec section 9)", async () => {
    await notifySuccess(PROMOTED.admin("Ann"));
    expect(lastDialog()).toEqual({ title: "Ann is an Admin Now!", closeAfterMs: 1500 });
    expect(lastLook()).toMatchObject({ scopeClass: "mfe-admin", icon: { html: "✓" } });
  });
});

describe("notifyDeleted", () => {
  it('says "Deleted!" and what went, closing after 1500 ms', async () => {
    await notifyDeleted("The class Junior Tennis");
    expect(lastDialog()).toEqual({
      title: "Deleted!",
      text: "The class Junior Tennis has been deleted.",
      closeAfterMs: 1500,
    });
  });
});

describe("confirmDelete", () => {
  it("asks with a warning and answers what the admin chose", async () => {
    await expect(confirmDelete()).resolves.toBe(true);
    dialogs.confirmDelete.mockResolvedValue(false);
    await expect(confirmDelete()).resolves.toBe(false);
    expect(dialogs.confirmDelete).toHaveBeenLastCalledWith(
      expect.objectContaining({ scopeClass: "mfe-admin", icon: expect.objectContaining({ html: "!" }) }),
    );
  });
});

describe("confirmRoleChange", () => {
  it.each([
    ["admin", "Make Ann an admin?", "Make admin"],
    ["instructor", "Make Ann an instructor?", "Make instructor"],
    ["student", "Make Ann a student again?", "Make student"],
  ] as const)("asks before making someone %s, Cancel focused", async (role, title, confirm) => {
    await confirmRoleChange("Ann", role);
    expect(lastDialog()).toMatchObject({ title, confirm, cancel: "Cancel", focusCancel: true });
    expect(lastLook().icon.html).toBe("!");
  });

  it("answers what the admin chose", async () => {
    dialogs.showDialog.mockResolvedValue(false);
    await expect(confirmRoleChange("Ann", "admin")).resolves.toBe(false);
    dialogs.showDialog.mockResolvedValue(true);
    await expect(confirmRoleChange("Ann", "admin")).resolves.toBe(true);
  });
});

describe("showFailure", () => {
  it("shows the API's reason under the title, with OK", async () => {
    await showFailure("Ann was not deleted", "The last admin cannot be deleted.");
    expect(lastDialog()).toEqual({
      title: "Ann was not deleted",
      text: "The last admin cannot be deleted.",
      confirm: "OK",
    });
    expect(lastLook().icon.html).toBe("×");
  });
});
