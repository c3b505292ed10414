import { Section, Text } from "@react-email/components";
import type { ContactAckFacts, ContactNoticeFacts } from "../facts.js";
import { ACADEMY, formatInstant } from "../format.js";
import { ButtonLink, colors, Layout, Paragraphs, small, text } from "./layout.js";

export const contactAckSubject = () => `We have your message: ${ACADEMY.name}`;

/**
 * To whoever sent the contact form: it arrived, and when to expect an answer. It repeats nothing
 * typed into the form (not even the name): the form takes any address, so it must not carry
 * someone's words to a stranger.
 */
export function ContactAck({ facts }: { facts: ContactAckFacts }) {
  return (
    <Layout preview={`Thank you for writing: we answer ${ACADEMY.replyTime}.`} heading="Thank you for writing">
      <Text style={text}>
        {`Hello, your message to ${ACADEMY.name} arrived on ${formatInstant(facts.receivedAt)}. We answer ${ACADEMY.replyTime}, by e-mail to this address.`}
      </Text>
      <Text style={text}>{`Something urgent during camp? Call us at ${ACADEMY.phone}.`}</Text>
      <Text style={small}>
        If you did not write to us, someone typed your address into our contact form: you can ignore this e-mail.
      </Text>
    </Layout>
  );
}

export const contactNoticeSubject = (facts: ContactNoticeFacts) => `New message from ${facts.fromName}`;

/** To an admin: a visitor wrote through the contact form (their words shown as text). */
export function ContactNotice({ facts, siteUrl }: { facts: ContactNoticeFacts; siteUrl: string }) {
  return (
    <Layout preview={`${facts.fromName} wrote through the contact form.`} heading="A new message">
      <Text style={text}>
        {`Hello ${facts.adminName}, ${facts.fromName} (${facts.fromEmail}) wrote through the contact form on ${formatInstant(facts.receivedAt)}:`}
      </Text>
      <Section style={{ borderLeft: `4px solid ${colors.orange}`, paddingLeft: "12px", margin: "0 0 12px" }}>
        <Paragraphs words={facts.message} />
      </Section>
      <ButtonLink href={`${siteUrl}/dashboard/adminhome`}>Open the inbox</ButtonLink>
      <Text style={small}>Answer the sender by e-mail, then mark the message read in the inbox.</Text>
    </Layout>
  );
}
