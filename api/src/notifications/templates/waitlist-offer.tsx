import { Text } from "@react-email/components";
import type { OfferFacts } from "../facts.js";
import { formatInstant } from "../format.js";
import { whom } from "./campers.js";
import { ButtonLink, Layout, small, text } from "./layout.js";
import { SessionBlock } from "./session-block.js";

export const offerSubject = (facts: OfferFacts) =>
  `A seat is free for ${whom(facts.camperNames, facts.camperIsSelf)}: ${facts.session.className}`;

/** A waitlist offer: which class, for whom, until when, and the link to take it. */
export function WaitlistOffer({ facts, siteUrl }: { facts: OfferFacts; siteUrl: string }) {
  const seats = facts.camperNames.length === 1 ? "A seat" : `${facts.camperNames.length} seats`;
  return (
    <Layout
      preview={`Kept for you until ${formatInstant(facts.expiresAt)}.`}
      heading={`${seats} in ${facts.session.className}`}
    >
      <Text style={text}>
        Hello {facts.familyName}, your turn on the waitlist has come: {seats.toLowerCase()} in {facts.session.className}{" "}
        {facts.camperNames.length === 1 ? "is" : "are"} kept for {whom(facts.camperNames, facts.camperIsSelf)}.
      </Text>
      <Text style={{ ...text, fontWeight: 700 }}>{`Book by ${formatInstant(facts.expiresAt)}.`}</Text>
      <Text style={small}>After that the seats go to the next family in line.</Text>
      <SessionBlock session={facts.session} />
      <ButtonLink href={`${siteUrl}/dashboard/waitlists`}>Take the offer</ButtonLink>
      <Text style={small}>Or open My Waitlists: {`${siteUrl}/dashboard/waitlists`}</Text>
    </Layout>
  );
}
