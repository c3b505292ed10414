import { Text } from "@react-email/components";
import type { AidDecidedFacts } from "../facts/aid.js";
import { formatCents } from "../format.js";
import { ButtonLink, Layout, small, text } from "./layout.js";

export const aidDecidedSubject = (facts: AidDecidedFacts) =>
  facts.status === "awarded"
    ? `Financial aid for ${facts.camperName}: ${formatCents(facts.awardCents ?? 0)}`
    : `Your financial-aid application for ${facts.camperName}`;

/** What the award does, in a sentence. */
const awardText = (facts: AidDecidedFacts) => {
  const amount = formatCents(facts.awardCents ?? 0);
  return facts.awardPercent === null
    ? `${amount} comes off ${facts.camperName}'s seats of ${facts.season} when you book them, until it is used.`
    : `${facts.awardPercent}% of each of ${facts.camperName}'s seats of ${facts.season} comes off when you book them, up to ${amount} in all.`;
};

/** The office's answer to an application: the award and how it is used, or the decline's note. */
export function AidDecided({ facts, siteUrl }: { facts: AidDecidedFacts; siteUrl: string }) {
  const awarded = facts.status === "awarded";
  return (
    <Layout
      preview={awarded ? awardText(facts) : "The office has answered your application."}
      heading={awarded ? "Financial aid awarded" : "Your financial-aid application"}
    >
      <Text style={text}>
        {awarded
          ? `Hello ${facts.familyName}, the academy has awarded financial aid for ${facts.camperName} for ${facts.season}. ${awardText(facts)}`
          : `Hello ${facts.familyName}, the academy cannot award financial aid for ${facts.camperName} for ${facts.season}.`}
      </Text>
      {facts.note && <Text style={small}>{`From the office: ${facts.note}`}</Text>}
      {awarded && (
        <Text style={small}>
          It is shown on each seat as &quot;Financial aid&quot; in your cart and on your receipt, and is for this child
          only.
        </Text>
      )}
      <ButtonLink href={`${siteUrl}/dashboard/campers`}>See it on My Campers</ButtonLink>
    </Layout>
  );
}
