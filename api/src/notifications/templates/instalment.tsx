import { Text } from "@react-email/components";
import type { InstalmentFacts } from "../facts.js";
import { formatCents, formatDay } from "../format.js";
import { ButtonLink, Layout, small, text } from "./layout.js";

/** Why a charge was refused, in the family's words, from the provider's code. */
export function declineInWords(code: string | null): string {
  switch (code) {
    case "insufficient_funds":
      return "the card did not have enough funds";
    case "authentication_required":
      return "your bank asks you to confirm this payment yourself";
    case "expired_card":
      return "the card has expired";
    case "no_saved_card":
      return "there is no saved card for this plan";
    default:
      return "your bank declined the card";
  }
}

const seatsText = (facts: InstalmentFacts) =>
  facts.seats.map((s) => `${s.className} (${s.camperName}): ${formatCents(s.cents)}`).join("; ");

const laterText = (facts: InstalmentFacts) =>
  facts.later.length === 0
    ? "Nothing more is due on this plan."
    : `Still to come: ${facts.later.map((l) => `${formatCents(l.amountCents)} on ${formatDay(l.due)}`).join(", ")}.`;

export const instalmentPaidSubject = (facts: InstalmentFacts) =>
  `Payment received: ${formatCents(facts.amountCents)} of your payment plan`;

/** An instalment charged to the saved card. */
export function InstalmentPaid({ facts, siteUrl }: { facts: InstalmentFacts; siteUrl: string }) {
  return (
    <Layout preview={`${formatCents(facts.amountCents)} was charged, as planned.`} heading="Your planned payment">
      <Text style={text}>
        {`Hello ${facts.familyName}, we charged ${formatCents(facts.amountCents)}${facts.cardLast4 ? ` to the card ending in ${facts.cardLast4}` : ""}, the payment due on ${formatDay(facts.dueDay)}.`}
      </Text>
      <Text style={small}>{`It paid for: ${seatsText(facts)}.`}</Text>
      <Text style={small}>{laterText(facts)}</Text>
      {facts.transactionId && <Text style={small}>{`Transaction: ${facts.transactionId}`}</Text>}
      <ButtonLink href={`${siteUrl}/dashboard/balance`}>See your balance</ButtonLink>
    </Layout>
  );
}

export const instalmentFailedSubject = (facts: InstalmentFacts) =>
  `Action needed: your payment of ${formatCents(facts.amountCents)} did not go through`;

/** An instalment the provider refused: why, and what happens next. */
export function InstalmentFailed({ facts, siteUrl }: { facts: InstalmentFacts; siteUrl: string }) {
  return (
    <Layout preview={`We could not charge ${formatCents(facts.amountCents)}.`} heading="A payment did not go through">
      <Text style={text}>
        {`Hello ${facts.familyName}, we tried to charge ${formatCents(facts.amountCents)}${facts.cardLast4 ? ` to the card ending in ${facts.cardLast4}` : ""}, the payment due on ${formatDay(facts.dueDay)}, but ${declineInWords(facts.declineCode)}.`}
      </Text>
      <Text style={small}>{`It is for: ${seatsText(facts)}.`}</Text>
      <Text style={text}>
        {facts.declineCode === "authentication_required"
          ? "Your bank wants you to confirm this payment yourself: choose Pay now below and confirm it with your card, or pay with another card."
          : "You can pay it now with another card: choose Pay now below. That card is then used for your later payments too."}
      </Text>
      <Text style={small}>
        {facts.nextAttemptDay
          ? `Otherwise we will try your saved card again on ${formatDay(facts.nextAttemptDay)}.`
          : "We will not try your saved card again: if it is not paid, the academy may cancel the seats it is for. Reply to this e-mail if you need help."}
      </Text>
      <ButtonLink href={`${siteUrl}/dashboard/balance?pay=${facts.instalmentId}`}>Pay now</ButtonLink>
    </Layout>
  );
}

export const instalmentReminderSubject = (facts: InstalmentFacts) =>
  `Coming up: ${formatCents(facts.amountCents)} on ${formatDay(facts.dueDay)} for your payment plan`;

/** A few days before an instalment: what will be charged, when, and for what. */
export function InstalmentReminder({ facts, siteUrl }: { facts: InstalmentFacts; siteUrl: string }) {
  return (
    <Layout
      preview={`${formatCents(facts.amountCents)} will be charged on ${formatDay(facts.dueDay)}.`}
      heading="A planned payment is coming up"
    >
      <Text style={text}>
        {`Hello ${facts.familyName}, on ${formatDay(facts.dueDay)} we will charge ${formatCents(facts.amountCents)} to the card you saved with your payment plan.`}
      </Text>
      <Text style={small}>{`It is for: ${seatsText(facts)}.`}</Text>
      <Text style={small}>{laterText(facts)}</Text>
      <Text style={small}>
        To use another card, replace it on your Balance page before that day: choose Use another card there.
      </Text>
      <ButtonLink href={`${siteUrl}/dashboard/balance`}>See your balance</ButtonLink>
    </Layout>
  );
}
