import type { Locator, Page } from "@playwright/test";
import { seedDay, seedDays } from "./seed-calendar";

/** A camp session as the instructor's form asks for it, two weeks of the seeded summer. */
export const TRAIL_SESSION = {
  sport: "athletics",
  first: seedDay("2027-07-12"),
  last: seedDay("2027-07-23"),
  weekdays: ["Monday", "Wednesday", "Friday"],
  start: "07:30",
  end: "09:00",
  youngest: "11",
  oldest: "15",
  level: "intermediate",
  place: "Hill trail",
  /** How the site then says it. */
  text: `Mon, Wed, Fri, 7:30-9:00, ${seedDays("2027-07-12", "2027-07-23")}`,
};

/** Fills the form's sport and camp session, by label, as a keyboard user would reach them. */
export async function fillSession(scope: Page | Locator, session = TRAIL_SESSION) {
  await scope.getByLabel("Sport", { exact: true }).selectOption(session.sport);
  await scope.getByLabel("First day").fill(session.first);
  await scope.getByLabel("Last day").fill(session.last);
  const days = scope.getByRole("group", { name: "Weekdays" });
  for (const day of session.weekdays) await days.getByLabel(day).check();
  await scope.getByLabel("Daily start time").fill(session.start);
  await scope.getByLabel("Daily end time").fill(session.end);
  await scope.getByLabel("Youngest age").fill(session.youngest);
  await scope.getByLabel("Oldest age").fill(session.oldest);
  await scope.getByLabel("Level", { exact: true }).selectOption(session.level);
  await scope.getByLabel("Place (optional)").fill(session.place);
}
