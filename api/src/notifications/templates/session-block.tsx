import { Text } from "@react-email/components";
import type { SessionFacts } from "../facts.js";
import { formatDay, formatTime, formatWeekdays } from "../format.js";
import { small } from "./layout.js";

/** The lines that say when and where a class meets (nothing for a class without a schedule). */
export function sessionLines(session: SessionFacts): string[] {
  const lines: string[] = [];
  if (session.startDate && session.endDate) {
    lines.push(`${formatDay(session.startDate)} to ${formatDay(session.endDate)}`);
  }
  if (session.weekdays.length > 0 && session.startTime && session.endTime) {
    lines.push(
      `${formatWeekdays(session.weekdays)}, ${formatTime(session.startTime)}–${formatTime(session.endTime)} (Pacific time)`,
    );
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
