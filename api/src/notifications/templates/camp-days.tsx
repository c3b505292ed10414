import { Text } from "@react-email/components";
import type { CamperAbsentFacts, ClassMessageFacts } from "../facts/camp-days.js";
import { ACADEMY, formatClock, formatDay } from "../format.js";
import { ButtonLink, Layout, Paragraphs, small, text } from "./layout.js";

export const camperAbsentSubject = (facts: CamperAbsentFacts) =>
  `${facts.camperName} is not at ${facts.className} today`;

/**
 * A child expected at camp and not there: the family hears it at once. Sent whatever the family's
 * e-mail choices, since a child not where the family believes is a safety matter.
 */
export function CamperAbsent({ facts, siteUrl }: { facts: CamperAbsentFacts; siteUrl: string }) {
  return (
    <Layout preview={`${facts.camperName} was marked absent on ${formatDay(facts.day)}.`} heading="Not at camp today">
      <Text style={text}>
        {`Hello ${facts.familyName}, ${facts.camperName}'s coach marked ${facts.camperName} absent from ${facts.className} on ${formatDay(facts.day)} at ${formatClock(facts.markedAt)}.`}
      </Text>
      <Text style={text}>
        {`If you knew, there is nothing to do. If ${facts.camperName} should be at camp, call the academy now on ${ACADEMY.phone}.`}
      </Text>
      <ButtonLink href={`${siteUrl}/dashboard/enrolledclasses`}>See the camp days in My Enrolled Classes</ButtonLink>
      <Text style={small}>
        Next time, tell us ahead from My Enrolled Classes (Report an absence): the coach then knows, and this message is
        not sent.
      </Text>
    </Layout>
  );
}

export const classMessageSubject = (facts: ClassMessageFacts) => `${facts.className}: ${facts.subject}`;

/** A message to a class's families from its coach or the office: their words, as text. */
export function ClassMessage({ facts }: { facts: ClassMessageFacts }) {
  return (
    <Layout preview={facts.body.slice(0, 90)} heading={facts.subject}>
      <Text style={small}>{`From ${facts.senderName}, to the families of ${facts.className}:`}</Text>
      <Paragraphs words={facts.body} />
      <Text style={small}>
        {`Questions? Write to ${ACADEMY.email} or call ${ACADEMY.phone}. You receive this because your camper has a seat in ${facts.className}.`}
      </Text>
    </Layout>
  );
}
