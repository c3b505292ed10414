import { Text } from "@react-email/components";
import type { EntryMovedFacts } from "../facts.js";
import { ACADEMY } from "../format.js";
import { whom } from "./campers.js";
import { ButtonLink, Layout, small, text } from "./layout.js";
import { SessionBlock } from "./session-block.js";

export const movedSubject = (facts: EntryMovedFacts) =>
  `Your place on the waitlist is now #${facts.position}: ${facts.session.className}`;

/** An admin moved the family's waitlist entry: its new place in the line (1 = next to be offered a seat). */
export function WaitlistMoved({ facts, siteUrl }: { facts: EntryMovedFacts; siteUrl: string }) {
  const next = facts.position === 1;
  return (
    <Layout
      preview={next ? "You are next in line." : `You are now #${facts.position} in line.`}
      heading="Your place on the waitlist changed"
    >
      <Text style={text}>
        {`Hello ${facts.familyName}, the academy moved your waitlist entry for ${whom(facts.camperNames, facts.camperIsSelf)} in ${facts.session.className} from #${facts.previousPosition} to #${facts.position} in line.`}
      </Text>
      <Text style={{ ...text, fontWeight: 700 }}>
        {next
          ? "You are next: when a seat frees up that fits your entry, it is offered to you by e-mail."
          : `${facts.position - 1} ${facts.position === 2 ? "entry is" : "entries are"} ahead of you. When your turn comes, the seat is offered to you by e-mail.`}
      </Text>
      <SessionBlock session={facts.session} />
      <ButtonLink href={`${siteUrl}/dashboard/waitlists`}>Open My Waitlists</ButtonLink>
      <Text style={small}>{`Questions about the change? Write to ${ACADEMY.email} or call ${ACADEMY.phone}.`}</Text>
    </Layout>
  );
}
