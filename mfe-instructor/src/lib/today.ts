import { useQuery } from "@tanstack/react-query";
import { ACADEMY, api } from "shared-auth";
import type { CampDay, CampDayAction, Today } from "shared-auth/wire";

/**
 * The Today page's data (GET /today) and the actions on a camper's day (POST
 * /classes/:id/attendance), each sent with an id of its own so that sending it again never does it
 * twice (decision 046).
 */
export type { CampDay, Today };
export type TodayClass = Today["classes"][number];
export type TodayCamper = TodayClass["campers"][number];

export const todayKey = ["today"] as const;

/** Today's classes, asked again each minute (who is late changes with the clock) and on focus. */
export const useToday = () =>
  useQuery({
    queryKey: todayKey,
    queryFn: async () => (await api.get<Today>("/today")).data,
    refetchInterval: 60_000,
  });

export type Departure =
  { kind: "pickup"; person_id: string; pin: string } | { kind: "alone" } | { kind: "override"; note: string };

export interface ActionBody {
  camper_id: string;
  action: "check_in" | "absent" | "check_out" | "undo";
  client_id: string;
  departure?: Departure;
}

/** A new id for one action: kept with it until the API has answered, whatever the connection does. */
export const newClientId = (): string => crypto.randomUUID().replaceAll("-", "");

export const sendAction = async (classId: string, body: ActionBody) =>
  (await api.post<CampDayAction>(`/classes/${classId}/attendance`, body)).data;

const timeFormat = new Intl.DateTimeFormat("en-US", { timeZone: ACADEMY.timeZone, hour: "numeric", minute: "2-digit" });
/** "9:05 AM" at the academy, whatever the phone's own zone. */
export const clockTime = (iso: string) => timeFormat.format(new Date(iso));

/** The camper's day in a line: "Checked in 9:05 AM by Maya Torres", "Collected 3:02 PM by Rosa (grandmother)". */
export function dayLine(day: CampDay): string {
  if (day.state === null) return "Not checked in";
  if (day.state === "absent") return `Absent (marked ${clockTime(day.absent_at!)})`;
  const checkedIn = `Checked in ${clockTime(day.checked_in_at!)} by ${day.checked_in_by}`;
  if (day.state === "in") return checkedIn;
  const at = clockTime(day.checked_out_at!);
  const how =
    day.departure === "alone"
      ? `Left alone ${at}`
      : day.departure === "override"
        ? `Checked out ${at} by ${day.checked_out_by} (override: ${day.override_note})`
        : `Collected ${at} by ${day.collected_by}`;
  return `${checkedIn}. ${how}`;
}

/** The class's figures at the top of its card: here now, gone home, absent, not yet seen. */
export function classCounts(campers: readonly Pick<TodayCamper, "attendance">[]) {
  const by = (state: CampDay["state"]) => campers.filter((c) => c.attendance.state === state).length;
  return { here: by("in"), gone: by("out"), absent: by("absent"), notYet: by(null), total: campers.length };
}

/** What the buttons of a camper's row offer, by the day's state. */
export function actionsFor(state: CampDay["state"]): {
  checkIn: boolean;
  absent: boolean;
  checkOut: boolean;
  undo: boolean;
} {
  return {
    checkIn: state === null || state === "absent",
    absent: state === null,
    checkOut: state === "in",
    undo: state !== null,
  };
}

/** What the day becomes if an action goes through: shown at once while it is sent (or waits to be). */
export function expectedDay(day: CampDay, body: ActionBody, who: string, atIso: string): CampDay {
  switch (body.action) {
    case "check_in":
      return day.state === "in"
        ? day
        : { ...day, state: "in", checked_in_at: atIso, checked_in_by: who, absent_at: null };
    case "absent":
      return day.state === null ? { ...day, state: "absent", absent_at: atIso } : day;
    case "check_out":
    case "undo":
      // Known only when the API answers (the PIN is checked there; undo puts back what it kept).
      return day;
  }
}
