import { Text } from "@react-email/components";
import type { GoodwillRefundFacts } from "../facts.js";
import { formatCents } from "../format.js";
import { ButtonLink, Layout, small, text } from "./layout.js";

export const goodwillSubject = (facts: GoodwillRefundFacts) =>
  `${formatCents(facts.amountCents)} refunded to your card`;

/** A goodwill refund: money back from a payment, every seat kept. */
export function GoodwillRefund({ facts, siteUrl }: { facts: GoodwillRefundFacts; siteUrl: string }) {
  return (
    <Layout preview={`${formatCents(facts.amountCents)} is on its way back to your card.`} heading="A refund for you">
      <Text style={text}>
        {`Hello ${facts.familyName}, the academy is sending ${formatCents(facts.amountCents)} of your ${formatCents(facts.paidCents)} payment back to the card you paid with. Your seats stay booked.`}
      </Text>
      <Text style={small}>{`The payment was for: ${facts.classNames.join(", ")}.`}</Text>
      {facts.reason && <Text style={small}>{`Reason given by the academy: ${facts.reason}`}</Text>}
      <Text style={small}>Card refunds usually show on a statement within 5 to 10 working days.</Text>
      <ButtonLink href={`${siteUrl}/dashboard/paymenthistory`}>See your payments</ButtonLink>
    </Layout>
  );
}
