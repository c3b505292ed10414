import { Text } from "@react-email/components";
import type { SessionFacts } from "../facts.js";
import * as clock from "../../platform/clock.js";
import { academyDay, formatDay, formatHours, formatWeekdays } from "../format.js";
import { bringText, dropOffText } from "../logistics.js";
import { small } from "./layout.js";

interface LineOptions {
  /** What a parent needs on the day: drop-off and pick-up at the venue's full address, instead of the place alone. */
  logistics?: boolean;
  /** With `logistics`: what to bring on one line too (the reminder says it in a section of its own). */
  bring?: boolean;
}

/** The lines that say when and where a class meets (nothing for a class without a schedule). */
export function sessionLines(session: SessionFacts, { logistics = false, bring = true }: LineOptions = {}): string[] {
  const lines: string[] = [];
  if (session.startDate && session.endDate) {
    lines.push(`${formatDay(session.startDate)} to ${formatDay(session.endDate)}`);
  }
  if (session.weekdays.length > 0 && session.startTime && session.endTime) {
    // The zone's abbreviation of the class's first day (a class without dates: today's).
    const day = session.startDate ?? academyDay(clock.now());
    lines.push(`${formatWeekdays(session.weekdays)}, ${formatHours(day, session.startTime, session.endTime)}`);
  }
  if (logistics) lines.push(dropOffText(session));
  else if (session.location) lines.push(`Where: ${session.location}`);
  lines.push(`Instructor: ${session.instructorName}`);
  const bringLine = logistics && bring ? bringText(session) : null;
  if (bringLine) lines.push(bringLine);
  return lines;
}

export function SessionBlock({ session, ...options }: { session: SessionFacts } & LineOptions) {
  return (
    <>
      {sessionLines(session, options).map((line) => (
        <Text key={line} style={small}>
          {line}
        </Text>
      ))}
    </>
  );
}
