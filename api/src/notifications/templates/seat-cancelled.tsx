import { Text } from "@react-email/components";
import type { CancellationFacts } from "../facts.js";
import { formatCents } from "../format.js";
import { ButtonLink, Layout, small, text } from "./layout.js";
import { SessionBlock } from "./session-block.js";

export const cancelledSubject = (facts: CancellationFacts) =>
  facts.refundCents > 0
    ? `Cancelled, ${formatCents(facts.refundCents)} refunded: ${facts.session.className}`
    : `Cancelled: ${facts.session.className}`;

/** A seat cancelled: whose seat in which class, and what goes back to the card. */
export function SeatCancelled({ facts, siteUrl }: { facts: CancellationFacts; siteUrl: string }) {
  const refund = facts.refundCents > 0;
  return (
    <Layout
      preview={
        !refund
          ? "Nothing is refunded."
          : facts.refundBy
            ? `${formatCents(facts.refundCents)} was given back ${facts.refundBy}.`
            : `${formatCents(facts.refundCents)} is on its way back to your card.`
      }
      heading="Your seat is cancelled"
    >
      <Text style={text}>
        {facts.camperIsSelf
          ? `Hello ${facts.familyName}, your seat in ${facts.session.className} is cancelled.`
          : `Hello ${facts.familyName}, ${facts.camperName}'s seat in ${facts.session.className} is cancelled.`}
      </Text>
      <Text style={{ ...text, fontWeight: 700 }}>
        {!refund
          ? "Under the cancellation policy nothing is refunded for this seat."
          : facts.refundBy
            ? `${formatCents(facts.refundCents)} was given back to you ${facts.refundBy} by the academy's office.`
            : `${formatCents(facts.refundCents)} of the ${formatCents(facts.paidCents)} paid goes back to the card you paid with.`}
      </Text>
      {refund && !facts.refundBy && (
        <Text style={small}>Card refunds usually show on a statement within 5 to 10 working days.</Text>
      )}
      {facts.reason && <Text style={small}>{`Reason given by the academy: ${facts.reason}`}</Text>}
      <SessionBlock session={facts.session} />
      {facts.enrollmentId && (
        <Text style={small}>
          The attached calendar file (cancelled.ics) takes the sessions out of a calendar you added them to.
        </Text>
      )}
      <ButtonLink href={`${siteUrl}/dashboard/paymenthistory`}>See your payments</ButtonLink>
    </Layout>
  );
}
