import { Text } from "@react-email/components";
import type { FormsNeededFacts, SignedFormFacts } from "../facts/forms.js";
import { ACADEMY, formatDay, formatInstant } from "../format.js";
import { ButtonLink, Layout, small, text } from "./layout.js";

export const formSignedSubject = ({ record }: SignedFormFacts) =>
  `Signed: ${record.title}${record.camperName ? ` for ${record.camperName}` : ""}`;

/** The signed copy of a waiver, for the family to keep: attached as a PDF. */
export function FormSigned({ facts, siteUrl }: { facts: SignedFormFacts; siteUrl: string }) {
  const { record } = facts;
  return (
    <Layout preview={`Your signed copy of ${record.title} is attached.`} heading="Your signed copy">
      <Text style={text}>
        {`Hello ${record.familyName}, ${record.signerName} signed ${record.title}${record.camperName ? ` for ${record.camperName}` : ""} on ${formatInstant(record.signedAt)}. The signed copy is attached as a PDF: keep it with your records.`}
      </Text>
      <Text style={small}>{`SHA-256 of the text signed: ${record.textHash}`}</Text>
      <ButtonLink href={`${siteUrl}/dashboard/forms`}>Open My Forms</ButtonLink>
      <Text style={small}>
        {`You may ask for a paper copy at any time, free of charge: write to ${ACADEMY.email} or call ${ACADEMY.phone}.`}
      </Text>
    </Layout>
  );
}

/** Each form still owed, for whom and by when, and the way to My Forms. */
export function FormsList({ items, siteUrl }: { items: FormsNeededFacts["items"]; siteUrl: string }) {
  return (
    <>
      {items.map((item) => (
        <Text key={`${item.title}|${item.camperName ?? ""}`} style={{ ...text, margin: "0 0 6px" }}>
          {`• ${item.title} for ${item.camperName ?? "your family"}: ${item.late ? "late, was due" : "due"} ${formatDay(item.dueDate)}`}
        </Text>
      ))}
      <ButtonLink href={`${siteUrl}/dashboard/forms`}>Complete them in My Forms</ButtonLink>
    </>
  );
}

export const formsNeededSubject = (facts: FormsNeededFacts) =>
  `Still needed before ${formatDay(facts.firstDay)}: ${facts.items.length} ${facts.items.length === 1 ? "form" : "forms"}`;

/**
 * A reminder of the forms still missing before a camper's first day. Sent whatever the family's
 * e-mail choices: a child cannot attend without them, and the message says so.
 */
export function FormsNeeded({ facts, siteUrl }: { facts: FormsNeededFacts; siteUrl: string }) {
  return (
    <Layout
      preview={`The academy needs these before ${formatDay(facts.firstDay)}.`}
      heading="Forms still needed before the first day"
    >
      <Text style={text}>
        {`Hello ${facts.familyName}, camp starts on ${formatDay(facts.firstDay)}. The academy still needs:`}
      </Text>
      <FormsList items={facts.items} siteUrl={siteUrl} />
      <Text style={small}>
        This message comes even if you turned optional e-mails off: the academy cannot take a child whose forms are
        missing.
      </Text>
    </Layout>
  );
}
