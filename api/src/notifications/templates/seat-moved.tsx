import { Section, Text } from "@react-email/components";
import type { SeatMovedFacts } from "../facts/seat-moved.js";
import { ACADEMY, formatCents, formatDay } from "../format.js";
import { ButtonLink, Layout, small, text } from "./layout.js";
import { SessionBlock } from "./session-block.js";

export const seatMovedSubject = (facts: SeatMovedFacts) =>
  `Moved to ${facts.to.session.className}${facts.owedCents > 0 ? `: ${formatCents(facts.owedCents)} to pay` : ""}`;

const row = { ...text, margin: "0", display: "flex", justifyContent: "space-between" } as const;

/** The move's figures as lines that add up: the old seat's credit, the new price, the fee, the difference. */
export function moveLines(facts: SeatMovedFacts): [string, string][] {
  const lines: [string, string][] = [
    [`${facts.to.session.className} (new seat)`, formatCents(facts.priceCents)],
    [`${facts.from.session.className}: paid, carried over`, `−${formatCents(facts.heldCents)}`],
  ];
  if (facts.feeCents > 0) lines.push(["Transfer fee", formatCents(facts.feeCents)]);
  if (facts.owedCents > 0) lines.push(["Difference to pay", formatCents(facts.owedCents)]);
  else if (facts.refundCents > 0) lines.push(["Difference given back", `−${formatCents(facts.refundCents)}`]);
  else lines.push(["Difference", formatCents(0)]);
  return lines;
}

/** A camper's seat moved to another class: which, what it cost or gave back, and the calendars. */
export function SeatMoved({ facts, siteUrl }: { facts: SeatMovedFacts; siteUrl: string }) {
  const whose = (start: "Y" | "y") => (facts.camperIsSelf ? `${start}our seat` : `${facts.camperName}'s seat`);
  return (
    <Layout
      preview={`${whose("Y")} moved from ${facts.from.session.className} to ${facts.to.session.className}.`}
      heading="A seat moved to another class"
    >
      <Text style={text}>
        {`Hello ${facts.familyName}, ${whose("y")} moved from ${facts.from.session.className} to ${facts.to.session.className}.`}
      </Text>
      <Section>
        {moveLines(facts).map(([what, amount]) => (
          <Text key={what} style={row}>
            {`${what}: ${amount}`}
          </Text>
        ))}
      </Section>
      <Text style={{ ...text, fontWeight: 700 }}>
        {facts.owedCents > 0
          ? `Still to pay: ${formatCents(facts.owedCents)}${facts.dueDay ? ` by ${formatDay(facts.dueDay)}` : ""}, by card from your balance page or at the front desk.`
          : facts.refundCents > 0
            ? `${formatCents(facts.refundCents)} goes back ${facts.refundBy ?? "to you"}.`
            : "Nothing more to pay."}
      </Text>
      {facts.reason && <Text style={small}>{`Reason given by the academy: ${facts.reason}`}</Text>}
      <SessionBlock session={facts.to.session} />
      <Text style={small}>
        The attached calendar files take the old sessions out of your calendar (cancelled.ics) and add the new ones
        (sessions.ics).
      </Text>
      <ButtonLink href={`${siteUrl}/dashboard/${facts.owedCents > 0 ? "balance" : "paymenthistory"}`}>
        {facts.owedCents > 0 ? "Pay the difference" : "See your payments"}
      </ButtonLink>
      <Text style={small}>{`Questions? Write to ${ACADEMY.email} or call ${ACADEMY.phone}.`}</Text>
    </Layout>
  );
}
