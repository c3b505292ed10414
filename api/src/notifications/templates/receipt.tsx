import { Column, Row, Section, Text } from "@react-email/components";
import type { ReceiptFacts } from "../facts.js";
import { formatCents, formatDay, formatInstant } from "../format.js";
import { ButtonLink, colors, Layout, small, text } from "./layout.js";
import { FormsList } from "./forms.js";
import { SessionBlock } from "./session-block.js";

export const receiptSubject = (facts: ReceiptFacts) =>
  `${facts.office ? "Your booking" : "Your receipt"}: ${facts.lines.length === 1 ? facts.lines[0]!.className : `${facts.lines.length} classes`} (${formatCents(facts.totalCents)})`;

/** "Full price $520.00; Early-bird price −$50.00; Code SUMMER10 −$20.00": one text, one line. */
const discountsText = (listPriceCents: number | null | undefined, discounts: { name: string; cents: number }[]) =>
  [
    ...(listPriceCents != null ? [`Full price ${formatCents(listPriceCents)}`] : []),
    ...discounts.map((d) => `${d.name} −${formatCents(d.cents)}`),
  ].join("; ");

/** The payment receipt: each class with its camper, when and where, the amounts, the transaction. */
export function Receipt({ facts, siteUrl }: { facts: ReceiptFacts; siteUrl: string }) {
  return (
    <Layout
      preview={
        facts.office
          ? `Booked at the front desk: ${formatCents(facts.totalCents)}, ${formatCents(facts.office.owedCents)} still to pay.`
          : `Paid ${formatCents(facts.totalCents)}: thank you, ${facts.familyName}.`
      }
      heading="Thank you for your booking"
    >
      {facts.office ? (
        <Text style={text}>
          {`Hello ${facts.familyName}, the academy booked these seats for you on ${formatInstant(facts.paidAt)}. ${
            facts.office.paidBy
              ? `We received ${formatCents(facts.office.paidCents)} ${facts.office.paidBy}.`
              : "Nothing has been paid yet."
          }`}
        </Text>
      ) : (
        <Text style={text}>
          Hello {facts.familyName}, we received your payment of {formatCents(facts.totalCents)} on{" "}
          {formatInstant(facts.paidAt)}. Your seats are booked.
        </Text>
      )}
      {facts.lines.map((line) => (
        <Section
          key={`${line.classId}/${line.camperName ?? ""}`}
          style={{ borderTop: `1px solid ${colors.line}`, padding: "12px 0 4px" }}
        >
          <Row>
            <Column>
              <Text style={{ ...text, fontWeight: 600, margin: "0 0 4px" }}>{line.className}</Text>
            </Column>
            <Column align="right" style={{ width: "96px", verticalAlign: "top" }}>
              <Text style={{ ...text, margin: "0 0 4px" }}>{formatCents(line.priceCents)}</Text>
            </Column>
          </Row>
          {line.camperIsSelf ? (
            <Text style={small}>You are enrolled.</Text>
          ) : (
            line.camperName && <Text style={small}>Camper: {line.camperName}</Text>
          )}
          {line.discounts && line.discounts.length > 0 && (
            <Text style={small}>{discountsText(line.listPriceCents, line.discounts)}</Text>
          )}
          <SessionBlock session={line} logistics />
        </Section>
      ))}
      <Section style={{ borderTop: `2px solid ${colors.ink}`, padding: "12px 0 4px" }}>
        <Row>
          <Column>
            <Text style={{ ...text, fontWeight: 700 }}>
              {facts.plan ? "Deposit paid" : facts.office ? "Total" : "Total paid"}
            </Text>
          </Column>
          <Column align="right">
            <Text style={{ ...text, fontWeight: 700 }}>{formatCents(facts.totalCents)}</Text>
          </Column>
        </Row>
      </Section>
      {facts.plan && (
        <Text style={small}>
          {`Your payment plan "${facts.plan.name}": still to pay ${facts.plan.later
            .map((part) => `${formatCents(part.amountCents)} on ${formatDay(part.due)}`)
            .join(", ")}, charged to the card you saved. Your balance page shows each payment.`}
        </Text>
      )}
      {facts.office && (
        <Text style={small}>
          {facts.office.owedCents > 0
            ? `Paid ${formatCents(facts.office.paidCents)}. Balance due ${formatCents(facts.office.owedCents)}${facts.office.dueDay ? ` by ${formatDay(facts.office.dueDay)}` : ""}: pay it by card from your balance page, or at the front desk.`
            : `Paid in full ${facts.office.paidBy ?? ""}.`}
        </Text>
      )}
      {facts.cardLast4 && <Text style={small}>{`Paid with the card ending in ${facts.cardLast4}.`}</Text>}
      <Text style={small}>Transaction: {facts.transactionId}</Text>
      <Text style={small}>
        The sessions are in the attached calendar file (sessions.ics): open it to add them to your calendar.
      </Text>
      <ButtonLink href={`${siteUrl}/dashboard/enrolledclasses`}>See your classes</ButtonLink>
      {facts.formsNeeded && facts.formsNeeded.length > 0 && (
        <>
          <Text style={{ ...text, fontWeight: 600 }}>Still needed before the first day</Text>
          <Text style={small}>The academy cannot take a child whose forms are missing on the first day.</Text>
          <FormsList items={facts.formsNeeded} siteUrl={siteUrl} />
        </>
      )}
      <Text style={{ ...small, fontWeight: 600 }}>Cancellations and refunds</Text>
      <Text style={small}>{facts.policy}</Text>
    </Layout>
  );
}
