import { Text } from "@react-email/components";
import type { AccountClaimFacts, BalanceReminderFacts, OfficePaymentFacts } from "../facts/front-desk.js";
import { ACADEMY, formatCents, formatDay, formatInstant } from "../format.js";
import { ButtonLink, Layout, small, text } from "./layout.js";

export const accountClaimSubject = () => `Your account with ${ACADEMY.name}: set your password`;

/** An account the office made for the family at the front desk: the link to set a password. */
export function AccountClaim({ facts, siteUrl }: { facts: AccountClaimFacts; siteUrl: string }) {
  return (
    <Layout
      preview="The academy made your account: set a password to see your bookings."
      heading="Your account is ready"
    >
      <Text style={text}>
        {`Hello ${facts.familyName}, ${facts.adminName} at ${ACADEMY.name} made an account for your family with this e-mail address. Set a password to see your bookings, pay a balance, and keep your children's details up to date.`}
      </Text>
      <ButtonLink href={`${siteUrl}/login?claim=${encodeURIComponent(facts.token)}`}>Set your password</ButtonLink>
      <Text
        style={small}
      >{`The link works once, until ${formatDay(facts.until)}. After that, use "Forgot password" on the sign-in page with this address.`}</Text>
      <Text style={small}>{`Did not expect this? Write to ${ACADEMY.email} or call ${ACADEMY.phone}.`}</Text>
    </Layout>
  );
}

export const officePaymentSubject = (facts: OfficePaymentFacts) =>
  `Payment received: ${formatCents(facts.amountCents)} (${facts.classNames.join(", ")})`;

/** A payment of a front-desk booking: how it was paid, and what is still owed. */
export function OfficePayment({ facts, siteUrl }: { facts: OfficePaymentFacts; siteUrl: string }) {
  const when = facts.receivedOn ? formatDay(facts.receivedOn) : formatInstant(facts.paidAt);
  return (
    <Layout preview={`We received ${formatCents(facts.amountCents)} ${facts.paidBy}.`} heading="Payment received">
      <Text style={text}>
        {`Hello ${facts.familyName}, we received ${formatCents(facts.amountCents)} ${facts.paidBy} on ${when} for ${facts.classNames.join(", ")}.`}
      </Text>
      <Text style={text}>
        {facts.order.owedCents > 0
          ? `Paid so far ${formatCents(facts.order.paidCents)}; still to pay ${formatCents(facts.order.owedCents)}${facts.order.dueDay ? ` by ${formatDay(facts.order.dueDay)}` : ""}.`
          : `Paid in full: ${formatCents(facts.order.paidCents)}. Thank you.`}
      </Text>
      <ButtonLink href={`${siteUrl}/dashboard/balance`}>See your balance</ButtonLink>
      <Text style={small}>Payment: {facts.paymentId}</Text>
    </Layout>
  );
}

export const balanceReminderSubject = (facts: BalanceReminderFacts) =>
  facts.when === "overdue"
    ? `Overdue: ${formatCents(facts.order.owedCents)} for ${facts.classNames.join(", ")}`
    : `Due ${formatDay(facts.order.dueDay!)}: ${formatCents(facts.order.owedCents)} for ${facts.classNames.join(", ")}`;

/** A front-desk balance coming due, or past its day unpaid: how much, by when, and how to pay it. */
export function BalanceReminder({ facts, siteUrl }: { facts: BalanceReminderFacts; siteUrl: string }) {
  const owed = formatCents(facts.order.owedCents);
  const day = formatDay(facts.order.dueDay!);
  return (
    <Layout
      preview={facts.when === "overdue" ? `${owed} was due on ${day}.` : `${owed} is due on ${day}.`}
      heading={facts.when === "overdue" ? "Your balance is overdue" : "Your balance is due soon"}
    >
      <Text style={text}>
        {facts.when === "overdue"
          ? `Hello ${facts.familyName}, the balance of ${owed} for ${facts.classNames.join(", ")} was due on ${day} and is not paid yet.`
          : `Hello ${facts.familyName}, the balance of ${owed} for ${facts.classNames.join(", ")} is due on ${day}.`}
      </Text>
      <Text
        style={text}
      >{`Paid so far: ${formatCents(facts.order.paidCents)}. Pay the rest by card from your balance page, or at the front desk.`}</Text>
      <ButtonLink href={`${siteUrl}/dashboard/balance`}>Pay your balance</ButtonLink>
      <Text style={small}>{`Questions, or need more time? Write to ${ACADEMY.email} or call ${ACADEMY.phone}.`}</Text>
    </Layout>
  );
}
