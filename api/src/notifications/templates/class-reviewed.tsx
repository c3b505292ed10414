import { Text } from "@react-email/components";
import type { ReviewFacts } from "../facts.js";
import { ButtonLink, colors, Layout, small, text } from "./layout.js";
import { SessionBlock } from "./session-block.js";

export const reviewSubject = (facts: ReviewFacts) =>
  facts.status === "approved" ? `Approved: ${facts.session.className}` : `Not approved: ${facts.session.className}`;

/** To an instructor: their class approved (now on the public list), or denied with the admin's feedback. */
export function ClassReviewed({ facts, siteUrl }: { facts: ReviewFacts; siteUrl: string }) {
  const approved = facts.status === "approved";
  return (
    <Layout
      preview={approved ? "Families can now book it." : "The admin's feedback is inside."}
      heading={approved ? "Your class is approved" : "Your class was not approved"}
    >
      <Text style={text}>
        Hello {facts.instructorName},{" "}
        {approved
          ? `${facts.session.className} is approved: it is on the class list and families can book it.`
          : `${facts.session.className} was not approved.`}
      </Text>
      <SessionBlock session={facts.session} />
      {facts.feedback && (
        <>
          <Text style={{ ...text, fontWeight: 600, margin: "12px 0 4px" }}>Feedback from the admin</Text>
          <Text
            style={{
              ...text,
              borderLeft: `4px solid ${colors.orange}`,
              paddingLeft: "12px",
              whiteSpace: "pre-wrap",
            }}
          >
            {facts.feedback}
          </Text>
        </>
      )}
      {!approved && <Text style={small}>Edit the class and it goes back to review.</Text>}
      <ButtonLink href={`${siteUrl}/dashboard/myclasses`}>Open My Classes</ButtonLink>
    </Layout>
  );
}
