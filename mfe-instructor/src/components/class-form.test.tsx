import { cleanup, render, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { AppProviders, gate, resetPage, signInAs, startTestApi, type TestApi } from "shared-auth/testing";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { academyToday } from "shared-auth/academy-time";
import AddClassPage from "../pages/add-class-page";
import { ClassForm } from "./class-form";

let api: TestApi;
beforeAll(async () => {
  api = await startTestApi();
});
afterAll(() => api.close());
beforeEach(() => {
  api.requests.length = 0;
  signInAs("instructor", api, { email: "coach@example.com", displayName: "Casey Coach" });
  api.on("POST /images", { body: { data: { display_url: "/uploads/net.png" } } });
});
afterEach(() => {
  cleanup();
  resetPage();
});

type User = ReturnType<typeof userEvent.setup>;

function renderAddPage(options: Parameters<typeof userEvent.setup>[0] = {}) {
  const user = userEvent.setup(options);
  render(
    <AppProviders path="/dashboard/addclass">
      <AddClassPage />
    </AppProviders>,
  );
  return user;
}

const input = (label: string) => screen.getByLabelText(label) as HTMLInputElement;
const described = (label: string, description: string) =>
  screen
    .getByLabelText(label)
    .getAttribute("aria-describedby")
    ?.split(" ")
    .map((id) => document.getElementById(id)?.textContent)
    .includes(description);
/** Next summer, whatever year the tests run in. */
const YEAR = new Date().getUTCFullYear() + 1;
const png = () => new File([new Uint8Array([137, 80, 78, 71, 13, 10, 26, 10])], "net.png", { type: "image/png" });

async function typeInto(user: User, label: string, text: string) {
  await user.clear(input(label));
  await user.type(input(label), text);
}

/** Everything a valid class needs but its image. */
async function fillClass(user: User) {
  await user.type(input("Class name"), "  Junior Tennis ");
  await user.selectOptions(input("Sport"), "Tennis");
  await typeInto(user, "Price (USD)", "249.50");
  await typeInto(user, "Available seats", "12");
  await user.type(input("First day"), `${YEAR}-07-05`);
  await user.type(input("Last day"), `${YEAR}-07-09`);
  await user.click(screen.getByRole("checkbox", { name: /Monday/ }));
  await user.click(screen.getByRole("checkbox", { name: /Wednesday/ }));
  await user.type(input("Daily start time"), "09:00");
  await user.type(input("Daily end time"), "12:00");
  await user.type(input("Youngest age"), "8");
  await user.type(input("Oldest age"), "12");
  await user.selectOptions(input("Level"), "Beginner");
}

async function uploadImage(user: User) {
  await user.upload(screen.getByLabelText("Class image"), png());
  await screen.findByText("Image uploaded.");
}

describe("ClassForm (adding a class)", () => {
  it("with nothing filled in, says what each required field needs, focuses the class name, and sends nothing", async () => {
    const user = renderAddPage();
    await user.click(screen.getByRole("button", { name: "Add Class" }));

    for (const message of [
      "Class name is required",
      "Choose a sport from the list",
      "Class image is required",
      "Price is required",
      "Available seats is required",
      "Enter the first day of the session",
      "Enter the last day of the session",
      "Pick at least one weekday",
      "Enter the daily start time",
      "Enter the daily end time",
      "Choose a level",
    ]) {
      expect(screen.getByText(message, { selector: "p" })).toBeTruthy();
    }
    expect(screen.getAllByText("Ages must be whole numbers from 5 to 18")).toHaveLength(2);
    expect(described("Class name", "Class name is required")).toBe(true);
    expect(document.activeElement).toBe(input("Class name"));
    expect(api.requests).toHaveLength(0);
  });

  it("holds prices and seats to their bounds: more than $0, at most 2 decimals and $100,000, at least 1 seat, no more enrolled than seats", async () => {
    const user = renderAddPage();
    const submit = () => user.click(screen.getByRole("button", { name: "Add Class" }));
    await typeInto(user, "Price (USD)", "0");
    await typeInto(user, "Available seats", "0");
    await submit();
    expect(described("Price (USD)", "Price must be more than $0")).toBe(true);
    expect(described("Available seats", "At least 1 seat")).toBe(true);

    await typeInto(user, "Price (USD)", "19.999");
    await typeInto(user, "Available seats", "4");
    await typeInto(user, "Enrolled seats", "5");
    await submit();
    expect(described("Price (USD)", "Price must be an amount in dollars with at most 2 decimals")).toBe(true);
    expect(described("Enrolled seats", "Enrolled seats cannot be more than available seats")).toBe(true);

    await typeInto(user, "Price (USD)", "100000.01");
    await typeInto(user, "Early-bird price, USD (optional)", "100000.01");
    await submit();
    expect(described("Price (USD)", "Price must be at most $100,000")).toBe(true);
    expect(screen.getByText("Enter the early-bird price's last day")).toBeTruthy();

    await typeInto(user, "Price (USD)", "200");
    await typeInto(user, "Early-bird price, USD (optional)", "200");
    await submit();
    expect(screen.getByText("The early-bird price must be lower than the price")).toBeTruthy();
    expect(api.requests).toHaveLength(0);
  });

  it("keeps the session in order: the last day not before the first, the end after the start, the oldest not below the youngest", async () => {
    const user = renderAddPage();
    await user.type(input("First day"), `${YEAR}-07-09`);
    await user.type(input("Last day"), `${YEAR}-07-05`);
    await user.type(input("Daily start time"), "12:00");
    await user.type(input("Daily end time"), "09:00");
    await user.type(input("Youngest age"), "12");
    await user.type(input("Oldest age"), "8");
    await user.click(screen.getByRole("button", { name: "Add Class" }));
    expect(screen.getByText("The last day cannot be before the first day")).toBeTruthy();
    expect(screen.getByText("The class must end after it starts")).toBeTruthy();
    expect(screen.getByText("The oldest age cannot be below the youngest")).toBeTruthy();

    await typeInto(user, "Youngest age", "4");
    await typeInto(user, "Oldest age", "19");
    await user.click(screen.getByRole("button", { name: "Add Class" }));
    expect(screen.getAllByText("Ages must be whole numbers from 5 to 18")).toHaveLength(2);
    expect(api.requests).toHaveLength(0);
  });

  it("refuses a file that is not an image before sending it; while a picture uploads the submit button waits for it", async () => {
    const upload = gate();
    api.on("POST /images", async () => {
      await upload.promise;
      return { body: { data: { display_url: "/uploads/net.png" } } };
    });
    // A file picker can be told to show every file: the form checks the type itself.
    const user = renderAddPage({ applyAccept: false });
    await user.upload(screen.getByLabelText("Class image"), new File(["hello"], "notes.txt", { type: "text/plain" }));
    expect(screen.getByRole("alert").textContent).toBe("Choose an image file (JPEG, PNG, WebP, GIF or AVIF).");
    expect(api.requests).toHaveLength(0);

    await user.upload(screen.getByLabelText("Class image"), png());
    const waiting = (await screen.findByRole("button", { name: "Uploading image…" })) as HTMLButtonElement;
    expect(waiting.disabled).toBe(true);
    expect(screen.queryByRole("alert")).toBeNull();
    upload.open();
    expect(await screen.findByText("Image uploaded.")).toBeTruthy();
    expect((screen.getByRole("button", { name: "Add Class" }) as HTMLButtonElement).disabled).toBe(false);
    expect(api.calls("POST /images")[0]!.body).toMatchObject({ contentType: expect.stringMatching(/^multipart/) });
  });

  it("posts a complete class with its price as a number of dollars, says Saving… meanwhile, then confirms and empties the form", async () => {
    const saved = gate();
    api.on("POST /classes", async () => {
      await saved.promise;
      return { status: 201, body: { insertedId: "class-1" } };
    });
    const user = renderAddPage();
    await fillClass(user);
    await uploadImage(user);
    await user.click(screen.getByRole("button", { name: "Add Class" }));

    const saving = (await screen.findByRole("button", { name: "Saving…" })) as HTMLButtonElement;
    expect(saving.disabled).toBe(true);
    saved.open();
    expect(await screen.findByText("Class added successfully")).toBeTruthy();
    expect(api.calls("POST /classes")).toHaveLength(1);
    expect(api.calls("POST /classes")[0]!.body).toMatchObject({
      class_name: "Junior Tennis",
      sport: "tennis",
      price: 249.5,
      available_seats: 12,
      enrolled_seats: 0,
      image: "/uploads/net.png",
      start_date: `${YEAR}-07-05`,
      end_date: `${YEAR}-07-09`,
      weekdays: ["mon", "wed"],
      start_time: "09:00",
      end_time: "12:00",
      age_min: 8,
      age_max: 12,
      level: "beginner",
      early_price: null,
      early_price_until: null,
    });
    expect(input("Class name").value).toBe("");
    expect(input("Price (USD)").value).toBe("");
  });

  it("puts the API's refusals under their fields, focuses the first in the form's order, and says its message", async () => {
    api.on("POST /classes", {
      status: 400,
      body: {
        error: "Bad Request",
        message: "Some fields are not valid.",
        fields: {
          available_seats: "At most 40 seats in this sport",
          class_name: "You already teach a class by that name",
        },
      },
    });
    const user = renderAddPage();
    await fillClass(user);
    await uploadImage(user);
    await user.click(screen.getByRole("button", { name: "Add Class" }));

    expect(await screen.findByText("Some fields are not valid.")).toBeTruthy();
    expect(described("Class name", "You already teach a class by that name")).toBe(true);
    expect(described("Available seats", "At most 40 seats in this sport")).toBe(true);
    await waitFor(() => expect(document.activeElement).toBe(input("Class name")));
    // What was typed stays, to be corrected.
    expect(input("Price (USD)").value).toBe("249.50");
  });
});

describe("ClassForm (what a parent needs on the day)", () => {
  it("sends drop-off, pick-up, the venue's address and what to bring, lines kept; left empty, they go as null", async () => {
    api.on("POST /classes", { status: 201, body: { insertedId: "class-1" } });
    const user = renderAddPage();
    await fillClass(user);
    await uploadImage(user);
    await user.type(input("Drop-off from (optional)"), "08:45");
    await user.type(input("Pick-up by (optional)"), "12:15");
    await user.type(
      input("Venue address (optional)"),
      " Riverside Park{Enter}1400 SE Water Avenue{Enter}Portland, OR 97214 ",
    );
    await user.type(input("What to bring (optional)"), "Water bottle{Enter}Racket");
    expect(
      described(
        "Venue address (optional)",
        "The full postal address, on one line or more. Empty: the academy, 120 Riverside Drive, Portland, OR 97201.",
      ),
    ).toBe(true);
    await user.click(screen.getByRole("button", { name: "Add Class" }));
    expect(await screen.findByText("Class added successfully")).toBeTruthy();
    expect(api.calls("POST /classes")[0]!.body).toMatchObject({
      drop_off: "08:45",
      pick_up: "12:15",
      venue_address: "Riverside Park\n1400 SE Water Avenue\nPortland, OR 97214",
      what_to_bring: "Water bottle\nRacket",
    });

    await fillClass(user);
    await uploadImage(user);
    await user.click(screen.getByRole("button", { name: "Add Class" }));
    await waitFor(() => expect(api.calls("POST /classes")).toHaveLength(2));
    expect(api.calls("POST /classes")[1]!.body).toMatchObject({
      drop_off: null,
      pick_up: null,
      venue_address: null,
      what_to_bring: null,
    });
  });

  it("refuses a drop-off after the start and a pick-up before the end, each under its field, and sends nothing", async () => {
    const user = renderAddPage();
    await fillClass(user);
    await uploadImage(user);
    await user.type(input("Drop-off from (optional)"), "09:15");
    await user.type(input("Pick-up by (optional)"), "11:45");
    await user.click(screen.getByRole("button", { name: "Add Class" }));
    expect(described("Drop-off from (optional)", "Drop-off must be at or before the daily start time")).toBe(true);
    expect(described("Pick-up by (optional)", "Pick-up must be at or after the daily end time")).toBe(true);
    expect(document.activeElement).toBe(input("Drop-off from (optional)"));
    expect(api.calls("POST /classes")).toHaveLength(0);
  });

  it("puts the API's refusal of the venue's address under it and focuses it", async () => {
    api.on("POST /classes", {
      status: 400,
      body: {
        error: "Bad Request",
        message: "Some fields are not valid.",
        fields: { venue_address: "Must not contain control characters." },
      },
    });
    const user = renderAddPage();
    await fillClass(user);
    await uploadImage(user);
    await user.type(input("Venue address (optional)"), "Riverside Park");
    await user.click(screen.getByRole("button", { name: "Add Class" }));
    expect(await screen.findByText("Some fields are not valid.")).toBeTruthy();
    expect(described("Venue address (optional)", "Must not contain control characters.")).toBe(true);
    await waitFor(() => expect(document.activeElement).toBe(input("Venue address (optional)")));
  });
});

describe("ClassForm (dates in the past)", () => {
  const DAY_MS = 86_400_000;
  const today = () => academyToday();
  const daysAgo = (n: number) => academyToday(Date.now() - n * DAY_MS);
  const later = (n: number) => academyToday(Date.now() + n * DAY_MS);

  it("offers today as the earliest day and refuses a first day in the past beside its field, sending nothing", async () => {
    const user = renderAddPage();
    expect(input("First day").min).toBe(today());
    expect(input("Last day").min).toBe(today());
    await fillClass(user);
    await uploadImage(user);
    await typeInto(user, "First day", daysAgo(3));
    await typeInto(user, "Last day", later(3));
    await user.click(screen.getByRole("button", { name: "Add Class" }));
    const message = `The first day cannot be in the past: choose ${today()} (today) or later.`;
    expect(described("First day", message)).toBe(true);
    expect(input("First day").getAttribute("aria-invalid")).toBe("true");
    expect(api.calls("POST /classes")).toHaveLength(0);
  });

  it("keeps a running class's first day when editing it, and sends the edit", async () => {
    const sent: object[] = [];
    const user = userEvent.setup();
    render(
      <AppProviders path="/dashboard/myclasses">
        <ClassForm
          mode="edit"
          submitLabel="Update"
          initial={{
            class_name: "Running Camp",
            image: "/uploads/net.png",
            sport: "tennis",
            price: "120",
            available_seats: "10",
            enrolled_seats: "2",
            start_date: daysAgo(2),
            end_date: later(3),
            weekdays: ["mon"],
            start_time: "09:00",
            end_time: "12:00",
            age_min: "8",
            age_max: "12",
            level: "all",
          }}
          onSubmit={async (values) => {
            sent.push(values);
            return "Updated.";
          }}
        />
      </AppProviders>,
    );
    expect(input("First day").min).toBe(daysAgo(2));
    await typeInto(user, "Place (optional)", "Court 2");
    await user.click(screen.getByRole("button", { name: "Update" }));
    await screen.findByText("Updated.");
    expect(sent).toHaveLength(1);
    // Moved to another day in the past: refused beside the field.
    await typeInto(user, "First day", daysAgo(1));
    await user.click(screen.getByRole("button", { name: "Update" }));
    expect(described("First day", `The first day cannot be in the past: choose ${today()} (today) or later.`)).toBe(
      true,
    );
    expect(sent).toHaveLength(1);
  });
});
