import { Text } from "@react-email/components";
import type { AidDecidedFacts } from "../facts/aid.js";
import { formatCents } from "../format.js";
import { ButtonLink, Layout, small, text } from "./layout.js";

/** What the award does, in a sentence. */
const awardText = (facts: AidDecidedFacts) => {
  const amount = formatCents(facts.awardCents ?? 0);
  return facts.awardPercent === null
    ? `${amount} comes off ${facts.camperName}'s seats of ${facts.season} when you book them, until it is used.`
    : `${facts.awardPercent}% of each of ${facts.camperName}'s seats of ${facts.season} comes off when you book them, up to ${amount} in all.`;
};

/**
 * Which answer this is, and its words: declined, awarded, changed (`changedFromCents` set), or
 * withdrawn (changed to nothing).
 */
function answer(facts: AidDecidedFacts) {
  const hello = `Hello ${facts.familyName},`;
  const whose = `${facts.camperName} for ${facts.season}`;
  if (facts.status !== "awarded") {
    return {
      subject: `Your financial-aid application for ${facts.camperName}`,
      heading: "Your financial-aid application",
      preview: "The office has answered your application.",
      lead: `${hello} the academy cannot award financial aid for ${whose}.`,
    };
  }
  const before = facts.changedFromCents ?? null;
  const amount = formatCents(facts.awardCents ?? 0);
  if (before !== null && facts.awardCents === 0) {
    return {
      subject: `Financial aid for ${facts.camperName} withdrawn`,
      heading: "Financial aid withdrawn",
      preview: "The office has withdrawn this financial aid.",
      lead: `${hello} the academy has withdrawn the financial aid for ${whose} (it was ${formatCents(before)}). Seats booked before keep what it paid for them.`,
    };
  }
  if (before !== null) {
    return {
      subject: `Financial aid for ${facts.camperName} changed: ${amount}`,
      heading: "Financial aid changed",
      preview: awardText(facts),
      lead: `${hello} the academy has changed the financial aid for ${whose} from ${formatCents(before)} to ${amount}. ${awardText(facts)}`,
    };
  }
  return {
    subject: `Financial aid for ${facts.camperName}: ${amount}`,
    heading: "Financial aid awarded",
    preview: awardText(facts),
    lead: `${hello} the academy has awarded financial aid for ${whose}. ${awardText(facts)}`,
  };
}

export const aidDecidedSubject = (facts: AidDecidedFacts) => answer(facts).subject;

/** The office's answer to an application: the award and how it is used, or the decline's note. */
export function AidDecided({ facts, siteUrl }: { facts: AidDecidedFacts; siteUrl: string }) {
  const { heading, preview, lead } = answer(facts);
  return (
    <Layout preview={preview} heading={heading}>
      <Text style={text}>{lead}</Text>
      {facts.note && <Text style={small}>{`From the office: ${facts.note}`}</Text>}
      {facts.status === "awarded" && facts.awardCents !== 0 && (
        <Text style={small}>
          It is shown on each seat as &quot;Financial aid&quot; in your cart and on your receipt, and is for this child
          only.
        </Text>
      )}
      <ButtonLink href={`${siteUrl}/dashboard/campers`}>See it on My Campers</ButtonLink>
    </Layout>
  );
}
