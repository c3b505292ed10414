import { describe, expect, it } from "vitest";
import type { ClassItem } from "shared-auth";
import { sampleClass } from "shared-auth/testing/fixtures";
import {
  bookEach,
  bookingNote,
  bookingState,
  camperLabel,
  canJoinLine,
  familyBookingState,
  familyNote,
  familySeats,
  hasChildren,
  listNames,
  type FamilyMember,
} from "./booking-state";

const NOW = new Date("2027-07-10T12:00:00Z");

const cls = (extra: Partial<ClassItem> = {}): ClassItem =>
  sampleClass({ start_date: "2027-07-19", end_date: "2027-07-30", ...extra });

const me: FamilyMember = { _id: "me", is_self: true, first_name: "Dana Parent" };
const mia: FamilyMember = { _id: "mia", is_self: false, first_name: "Mia" };
const leo: FamilyMember = { _id: "leo", is_self: false, first_name: "Leo" };
const family = [me, mia, leo];

const line = (camperId: string | undefined, classItemId = "c1") => ({ classItemId, camperId });
const seat = (camperId: string | undefined, _id = "c1") => ({ _id, camperId });

describe("hasChildren", () => {
  it("is false for an account with only Myself, or campers not known yet", () => {
    expect(hasChildren(undefined)).toBe(false);
    expect(hasChildren([])).toBe(false);
    expect(hasChildren([me])).toBe(false);
    expect(hasChildren([me, mia])).toBe(true);
  });
});

describe("familySeats", () => {
  it("sorts the family into enrolled, in the cart and free for this class only", () => {
    const seats = familySeats("c1", family, [line("mia"), line("leo", "other")], [seat("leo", "c1")]);
    expect(seats).toEqual({ enrolled: [leo], inCart: [mia], free: [me] });
  });

  it("gives a line that names no camper to the account holder", () => {
    expect(familySeats("c1", family, [line(undefined)], []).inCart).toEqual([me]);
    expect(familySeats("c1", family, [], [seat(undefined)]).enrolled).toEqual([me]);
  });

  it("counts an enrolment before a cart line of the same camper", () => {
    expect(familySeats("c1", family, [line("mia")], [seat("mia")])).toEqual({
      enrolled: [mia],
      inCart: [],
      free: [me, leo],
    });
  });
});

describe("familyBookingState", () => {
  it("is the spec's state, exactly, for an account with only Myself", () => {
    // Any line of the class makes it "in cart", as before families.
    expect(familyBookingState(cls(), [me], [line("me")], [], NOW)).toBe("in-cart");
    expect(familyBookingState(cls(), undefined, [line(undefined)], [], NOW)).toBe("in-cart");
    expect(familyBookingState(cls(), [me], [], [seat("me")], NOW)).toBe("enrolled");
    expect(familyBookingState(cls({ enrolled_seats: 20 }), [me], [], [], NOW)).toBe("full");
    expect(familyBookingState(cls({ start_date: "2027-07-05" }), [me], [], [], NOW)).toBe("started");
    expect(familyBookingState(cls(), [me], [], [], NOW)).toBe("open");
  });

  it("stays open while a camper of the family has no seat in a class that still takes bookings", () => {
    expect(familyBookingState(cls(), family, [line("mia")], [seat("leo")], NOW)).toBe("open");
    expect(familyBookingState(cls(), family, [line("mia"), line("leo")], [], NOW)).toBe("open");
  });

  it("is in the cart once every camper has a seat and one is still in the cart, enrolled once all are paid", () => {
    expect(familyBookingState(cls(), family, [line("me"), line("mia")], [seat("leo")], NOW)).toBe("in-cart");
    expect(familyBookingState(cls(), family, [], [seat("me"), seat("mia"), seat("leo")], NOW)).toBe("enrolled");
  });

  it("shows what the family holds in a class nobody else can join, else why not", () => {
    const full = cls({ enrolled_seats: 20 });
    const started = cls({ start_date: "2027-07-05" });
    expect(familyBookingState(full, family, [line("mia")], [], NOW)).toBe("in-cart");
    expect(familyBookingState(started, family, [], [seat("leo")], NOW)).toBe("enrolled");
    expect(familyBookingState(full, family, [], [], NOW)).toBe("full");
    expect(familyBookingState(cls({ enrolled_seats: 20, start_date: "2027-07-05" }), family, [], [], NOW)).toBe(
      "started",
    );
  });
});

describe("canJoinLine", () => {
  const full = cls({ enrolled_seats: 20 });
  it("offers a full class's waitlist while someone of the family has no seat in it", () => {
    expect(canJoinLine(full, family, [], [seat("mia")], NOW)).toBe(true);
    expect(canJoinLine(full, family, [line("leo")], [seat("mia")], NOW)).toBe(true);
    expect(canJoinLine(full, family, [line("me")], [seat("mia"), seat("leo")], NOW)).toBe(false);
    expect(canJoinLine(full, family, [], [], NOW)).toBe(true);
  });

  it("for an account alone, only while it holds no seat; never for a class with seats, started or not open yet", () => {
    expect(canJoinLine(full, [me], [], [], NOW)).toBe(true);
    expect(canJoinLine(full, undefined, [], [], NOW)).toBe(true);
    expect(canJoinLine(full, [me], [], [seat("me")], NOW)).toBe(false);
    expect(canJoinLine(cls(), family, [], [], NOW)).toBe(false);
    expect(canJoinLine(cls({ enrolled_seats: 20, start_date: "2027-07-05" }), family, [], [], NOW)).toBe(false);
    expect(
      canJoinLine(cls({ enrolled_seats: 20, registration_opens_at: "2027-07-12T16:00:00Z" }), family, [], [], NOW),
    ).toBe(false);
  });
});

describe("listNames", () => {
  it("lists names in English", () => {
    expect(listNames([])).toBe("");
    expect(listNames(["Mia"])).toBe("Mia");
    expect(listNames(["Mia", "Leo"])).toBe("Mia and Leo");
    expect(listNames(["you", "Mia", "Leo"])).toBe("you, Mia and Leo");
  });
});

describe("familyNote and bookingNote", () => {
  it("says who of the family is booked", () => {
    expect(familyNote({ enrolled: [], inCart: [mia], free: [me, leo] })).toBe("In your cart for Mia");
    expect(familyNote({ enrolled: [leo], inCart: [me, mia], free: [] })).toBe(
      "In your cart for you and Mia. Leo is enrolled",
    );
    expect(familyNote({ enrolled: [me], inCart: [], free: [mia, leo] })).toBe("You are enrolled");
    expect(familyNote({ enrolled: [mia, leo], inCart: [], free: [me] })).toBe("Mia and Leo are enrolled");
    expect(familyNote({ enrolled: [], inCart: [], free: family })).toBeNull();
  });

  it("is the spec's note without a family, or when nobody of it is booked", () => {
    expect(bookingNote(cls(), "open", null, NOW)).toBe("15 seats left of 20");
    expect(bookingNote(cls(), "in-cart", null, NOW)).toBe("In your cart");
    expect(bookingNote(cls(), "enrolled", null, NOW)).toBe("You are enrolled");
    expect(bookingNote(cls({ enrolled_seats: 20 }), "full", null, NOW)).toBe("Class full: no seats left");
    expect(bookingNote(cls(), "open", { enrolled: [], inCart: [], free: family }, NOW)).toBe("15 seats left of 20");
  });

  it("adds the seats left while others may join, or why they cannot", () => {
    const some = { enrolled: [], inCart: [mia], free: [me, leo] };
    expect(bookingNote(cls(), "open", some, NOW)).toBe("In your cart for Mia. 15 seats left of 20");
    expect(bookingNote(cls({ enrolled_seats: 20 }), "in-cart", some, NOW)).toBe(
      "In your cart for Mia. Class full: no seats left",
    );
    expect(bookingNote(cls(), "in-cart", { enrolled: [], inCart: family, free: [] }, NOW)).toBe(
      "In your cart for you, Mia and Leo",
    );
  });
});

describe("camperLabel", () => {
  it("names the account holder's own seat Myself", () => {
    expect(camperLabel({ name: "Dana Parent", is_self: true })).toBe("Myself (Dana Parent)");
    expect(camperLabel({ name: "", is_self: true })).toBe("Myself");
    expect(camperLabel({ name: "Mia Parent", is_self: false })).toBe("Mia Parent");
  });
});

describe("bookEach", () => {
  it("books each camper in turn and keeps each refusal's reason, without stopping", async () => {
    const calls: string[] = [];
    let running = 0;
    const outcome = await bookEach(
      [
        { camperId: "mia", name: "Mia Parent" },
        { camperId: "leo", name: "Leo Parent" },
        { camperId: "me", name: "Dana Parent" },
      ],
      async (camperId) => {
        expect(running).toBe(0); // one request at a time
        running++;
        calls.push(camperId);
        await Promise.resolve();
        running--;
        if (camperId === "leo") throw new Error("Leo is already booked for an overlapping class.");
      },
      (error) => (error as Error).message,
    );
    expect(calls).toEqual(["mia", "leo", "me"]);
    expect(outcome).toEqual({
      added: [
        { camperId: "mia", name: "Mia Parent" },
        { camperId: "me", name: "Dana Parent" },
      ],
      refused: [{ camperId: "leo", name: "Leo Parent", message: "Leo is already booked for an overlapping class." }],
    });
  });
});

describe("registration opening", () => {
  // 17:00 UTC on 12 July 2027 is 10:00 in Portland.
  const later = cls({ registration_opens_at: "2027-07-12T17:00:00Z" });

  it("keeps a class that opens later closed, with its opening time and what is left to wait", () => {
    expect(bookingState(later, [], [], NOW)).toBe("not-open");
    expect(bookingNote(later, "not-open", null, NOW)).toBe("Registration opens Mon 12 July, 10:00 (in 2 days 5 hours)");
    expect(familyBookingState(later, family, [], [], NOW)).toBe("not-open");
  });

  it("opens it at that moment, and a class without an opening time is open", () => {
    const at = new Date("2027-07-12T17:00:00Z");
    expect(bookingState(later, [], [], new Date(at.getTime() - 1000))).toBe("not-open");
    expect(bookingState(later, [], [], at)).toBe("open");
    expect(bookingState(cls({ registration_opens_at: null }), [], [], NOW)).toBe("open");
  });

  it("says a booked class is booked before it says when registration opens", () => {
    expect(bookingState(later, [line(undefined)], [], NOW)).toBe("in-cart");
  });
});
