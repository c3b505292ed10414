import { Link, Section, Text } from "@react-email/components";
import type { ReminderFacts } from "../facts.js";
import { formatDay, formatInstant } from "../format.js";
import { bringLines } from "../logistics.js";
import { ButtonLink, colors, Layout, small, text } from "./layout.js";
import { SessionBlock } from "./session-block.js";

export const reminderSubject = (facts: ReminderFacts) =>
  `${facts.session.className} starts ${formatDay(facts.firstDay)}`;

/**
 * A few days before a camper's first session: when and where (drop-off, pick-up, the venue's
 * address), and what to bring: the class's own list, or else its details.
 */
export function Reminder({
  facts,
  siteUrl,
  unsubscribeUrl,
}: {
  facts: ReminderFacts;
  siteUrl: string;
  unsubscribeUrl?: string;
}) {
  const bring = bringLines(facts.session);
  return (
    <Layout
      preview={`${facts.camperIsSelf ? "Your" : `${facts.camperName}'s`} first session: ${formatInstant(facts.startsAt)}.`}
      heading="Camp starts soon"
    >
      <Text style={text}>
        {`Hello ${facts.familyName}, ${facts.camperIsSelf ? "your" : `${facts.camperName}'s`} first session of ${facts.session.className} is on ${formatInstant(facts.startsAt)}.`}
      </Text>
      <SessionBlock session={facts.session} logistics bring={false} />
      {bring.length > 0 ? (
        <>
          <Text style={{ ...text, fontWeight: 600, margin: "12px 0 4px" }}>What to bring</Text>
          <Section style={{ borderLeft: `4px solid ${colors.orange}`, paddingLeft: "12px", margin: "0 0 12px" }}>
            {bring.map((line, i) => (
              <Text key={i} style={{ ...text, margin: "0 0 8px" }}>
                {line}
              </Text>
            ))}
          </Section>
        </>
      ) : (
        facts.details && (
          <>
            <Text style={{ ...text, fontWeight: 600, margin: "12px 0 4px" }}>
              What to bring, from the class&apos;s details
            </Text>
            <Section style={{ borderLeft: `4px solid ${colors.orange}`, paddingLeft: "12px", margin: "0 0 12px" }}>
              {facts.details
                .split("\n")
                .filter((line) => line.trim() !== "")
                .map((line, i) => (
                  <Text key={i} style={{ ...text, margin: "0 0 8px" }}>
                    {line}
                  </Text>
                ))}
            </Section>
          </>
        )
      )}
      <ButtonLink href={`${siteUrl}/dashboard/enrolledclasses`}>See your enrolled classes</ButtonLink>
      <Text style={small}>
        {`Reminders are optional: turn them off in Settings (${siteUrl}/settings)`}
        {unsubscribeUrl ? (
          <>
            {" or in one click: "}
            <Link href={unsubscribeUrl} style={{ color: colors.orange }}>
              unsubscribe from reminders
            </Link>
            .
          </>
        ) : (
          "."
        )}
      </Text>
    </Layout>
  );
}
