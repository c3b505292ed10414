/**
 * What a parent needs on the day for each seeded class: where the venue is (absent: the academy's
 * own address, 120 Riverside Drive), drop-off and pick-up (absent: the class's start and end) and
 * what to bring. Made-up addresses in Portland, Oregon, for the demo.
 */
export interface SeedLogistics {
  venueAddress?: string;
  dropOff?: string;
  pickUp?: string;
  whatToBring: string;
}

const MORNING = { dropOff: "08:45", pickUp: "12:15" };
const AFTERNOON = { dropOff: "13:15", pickUp: "16:45" };

export const SEED_LOGISTICS: Record<number, SeedLogistics> = {
  1: { ...MORNING, whatToBring: "Water bottle\nShin guards and football boots\nSunscreen and a hat" },
  2: { ...AFTERNOON, whatToBring: "Water bottle\nIndoor court shoes (non-marking soles)\nA small towel" },
  3: {
    venueAddress: "Eastside Aquatic Center\n2300 SE Belmont Street\nPortland, OR 97214",
    dropOff: "08:40",
    pickUp: "12:20",
    whatToBring: "Swimsuit and goggles\nSwim cap (long hair)\nTowel and a warm layer for after",
  },
  4: { ...AFTERNOON, whatToBring: "Tennis racket (we lend some)\nWater bottle\nSunscreen and a cap" },
  5: { ...AFTERNOON, whatToBring: "Water bottle\nIndoor court shoes\nKnee pads if you have them" },
  6: { ...MORNING, whatToBring: "Running shoes (no spikes needed)\nWater bottle\nSunscreen" },
  7: { ...MORNING, whatToBring: "Loose sports clothes (no zips or buttons)\nWater bottle" },
  8: {
    venueAddress: "Westmoreland Ballfields\n7530 SE Milwaukie Avenue\nPortland, OR 97202",
    ...MORNING,
    whatToBring: "Baseball glove\nBatting helmet if you have one (we lend some)\nWater bottle and sunscreen",
  },
  9: { ...AFTERNOON, whatToBring: "Leotard or fitted sports clothes\nHair tied back\nWater bottle" },
  10: {
    venueAddress: "Alpenrose Velodrome\n6149 SW Shattuck Road\nPortland, OR 97221",
    dropOff: "08:30",
    pickUp: "12:30",
    whatToBring: "Bike in good repair and a helmet (required)\nCycling gloves\nTwo water bottles and a snack",
  },
  11: { ...AFTERNOON, whatToBring: "Comfortable clothes to stretch in\nClimbing shoes if you have them\nWater bottle" },
  12: { ...AFTERNOON, whatToBring: "Indoor shoes\nWater bottle" },
  13: { ...AFTERNOON, whatToBring: "Goalkeeper gloves\nLong-sleeved shirt\nWater bottle" },
  14: {
    venueAddress: "Eastside Aquatic Center\n2300 SE Belmont Street\nPortland, OR 97214",
    ...MORNING,
    whatToBring: "Swimsuit and goggles\nTowel\nWater bottle",
  },
  15: {
    venueAddress: "Eastmoreland Golf Course\n2425 SE Bybee Boulevard\nPortland, OR 97202",
    ...MORNING,
    whatToBring: "Golf shoes or trainers\nA cap and sunscreen\nWater bottle",
  },
};
