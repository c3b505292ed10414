import { formatTime, STARTING_ACADEMY } from "shared-auth";
import { describe, expect, it } from "vitest";
import { classLogistics } from "./class-logistics";

const hours = { start_time: "09:00", end_time: "12:00" };

describe("classLogistics", () => {
  it("a class's own venue, drop-off, pick-up and list, line by line (blank lines left out)", () => {
    expect(
      classLogistics({
        ...hours,
        location: " North field ",
        venue_address: "Riverside Park\n1400 SE Water Avenue\n\nPortland, OR 97214",
        drop_off: "08:45",
        pick_up: "12:15",
        what_to_bring: "Water bottle\n\n  Shin guards \n<b>Sunscreen</b>",
      }),
    ).toEqual({
      place: "North field",
      address: ["Riverside Park", "1400 SE Water Avenue", "Portland, OR 97214"],
      atAcademy: false,
      dropOff: formatTime("08:45"),
      pickUp: formatTime("12:15"),
      bring: ["Water bottle", "Shin guards", "<b>Sunscreen</b>"],
    });
  });

  it("without them: the academy's address, the class's start and end, nothing to bring", () => {
    expect(classLogistics({ ...hours, location: null, venue_address: null, drop_off: null, pick_up: null })).toEqual({
      place: null,
      address: [...STARTING_ACADEMY.addressLines],
      atAcademy: true,
      dropOff: formatTime("09:00"),
      pickUp: formatTime("12:00"),
      bring: [],
    });
  });

  it("a class without hours has no drop-off or pick-up time", () => {
    const logistics = classLogistics({ start_time: null, end_time: null, drop_off: null, pick_up: null });
    expect(logistics.dropOff).toBeNull();
    expect(logistics.pickUp).toBeNull();
  });
});
