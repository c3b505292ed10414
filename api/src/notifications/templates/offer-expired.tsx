import { Text } from "@react-email/components";
import type { OfferExpiredFacts } from "../facts.js";
import { formatInstant } from "../format.js";
import { whom } from "./campers.js";
import { ButtonLink, Layout, text } from "./layout.js";
import { SessionBlock } from "./session-block.js";

export const offerExpiredSubject = (facts: OfferExpiredFacts) => `Your offer ran out: ${facts.session.className}`;

/** A waitlist offer not taken in time: the seats went on down the line; the family may join again. */
export function OfferExpired({ facts, siteUrl }: { facts: OfferExpiredFacts; siteUrl: string }) {
  const classUrl = `${siteUrl}/classes/${facts.session.classId}`;
  const one = facts.camperNames.length === 1;
  return (
    <Layout preview="The seats went to the next family in line." heading="Your waitlist offer ran out">
      <Text style={text}>
        {`Hello ${facts.familyName}, the ${one ? "seat" : "seats"} in ${facts.session.className} kept for ${whom(facts.camperNames, facts.camperIsSelf)} ${one ? "was" : "were"} not booked by ${formatInstant(facts.expiredAt)}, so ${one ? "it" : "they"} went to the next family in line.`}
      </Text>
      <Text style={text}>You can join the waitlist again from the class&apos;s page, at the end of the line.</Text>
      <SessionBlock session={facts.session} />
      <ButtonLink href={classUrl}>Open the class</ButtonLink>
    </Layout>
  );
}
