import { Text } from "@react-email/components";
import type { ReviewFacts } from "../facts.js";
import { ButtonLink, colors, Layout, text } from "./layout.js";
import { SessionBlock } from "./session-block.js";

/** Each outcome's words: the subject's start, the preview, the heading and the news itself. */
const WORDS: Record<ReviewFacts["status"], { subject: string; preview: string; heading: string; news: string }> = {
  approved: {
    subject: "Approved",
    preview: "Families can now book it.",
    heading: "Your class is approved",
    news: "is approved: it is on the class list and families can book it.",
  },
  denied: {
    subject: "Not approved",
    preview: "The admin's reason is inside.",
    heading: "Your class was not approved",
    news: "was not approved. Edit the class and it goes back to review.",
  },
  changes_accepted: {
    subject: "Changes accepted",
    preview: "Families now see the class as you changed it.",
    heading: "Your changes are accepted",
    news: "now shows the changes you proposed: families see the class as you changed it.",
  },
  changes_rejected: {
    subject: "Changes not accepted",
    preview: "The admin's reason is inside.",
    heading: "Your changes were not accepted",
    news: "stays on the site as it was: the changes you proposed were not accepted.",
  },
};

export const reviewSubject = (facts: ReviewFacts) => `${WORDS[facts.status].subject}: ${facts.session.className}`;

/** To an instructor: their class approved or denied, or their proposed changes answered, with the admin's words. */
export function ClassReviewed({ facts, siteUrl }: { facts: ReviewFacts; siteUrl: string }) {
  const words = WORDS[facts.status];
  return (
    <Layout preview={words.preview} heading={words.heading}>
      <Text style={text}>
        Hello {facts.instructorName}, {facts.session.className} {words.news}
      </Text>
      <SessionBlock session={facts.session} />
      {facts.feedback && (
        <>
          <Text style={{ ...text, fontWeight: 600, margin: "12px 0 4px" }}>
            {facts.status === "denied" || facts.status === "changes_rejected"
              ? "The admin's reason"
              : "Feedback from the admin"}
          </Text>
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
      <ButtonLink href={`${siteUrl}/dashboard/myclasses`}>Open My Classes</ButtonLink>
    </Layout>
  );
}
