import { Text } from "@react-email/components";
import type { SessionFacts } from "../facts.js";
import * as clock from "../../platform/clock.js";
import { academyDay, formatDay, formatHours, formatWeekdays } from "../format.js";
import { small } from "./layout.js";

/** The lines that say when and where a class meets (nothing for a class without a schedule). */
export function sessionLines(session: SessionFacts): string[] {
  const lines: string[] = [];
  if (session.startDate && session.endDate) {
    lines.push(`${formatDay(session.startDate)} to ${formatDay(session.endDate)}`);
  }
  if (session.weekdays.length > 0 && session.startTime && session.endTime) {
    // The zone's abbreviation of the class's first day (a class without dates: today's).
    const day = session.startDate ?? academyDay(clock.now());
    lines.push(`${formatWeekdays(session.weekdays)}, ${formatHours(day, session.startTime, session.endTime)}`);
  }
  if (session.location) lines.push(`Where: ${session.location}`);
  lines.push(`Instructor: ${session.instructorName}`);
  return lines;
}

export function SessionBlock({ session }: { session: SessionFacts }) {
  return (
    <>
      {sessionLines(session).map((line) => (
        <Text key={line} style={small}>
          {line}
        </Text>
      ))}
    </>
  );
}
