import { Body, Container, Head, Heading, Hr, Html, Link, Preview, Section, Text } from "@react-email/components";
import type { ReactNode } from "react";
import { ACADEMY } from "../format.js";

/**
 * The academy's look for every message: its name in orange over a white card on a light page, one
 * column at most 600 px wide (a phone shows it whole), system fonts, and text at 16 px. Everything
 * shown comes in as text: React escapes it, so a name or a feedback is never read as HTML.
 */
export const colors = {
  orange: "#ea580c",
  ink: "#1e293b",
  muted: "#475569",
  line: "#e2e8f0",
  page: "#f8fafc",
};

const font = '-apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif';

export const text = { color: colors.ink, fontSize: "16px", lineHeight: "24px", margin: "0 0 12px" };
export const small = { color: colors.muted, fontSize: "14px", lineHeight: "20px", margin: "0 0 8px" };

export function Layout({ preview, heading, children }: { preview: string; heading: string; children: ReactNode }) {
  return (
    <Html lang="en" dir="ltr">
      <Head>
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="color-scheme" content="light" />
      </Head>
      <Preview>{preview}</Preview>
      <Body style={{ backgroundColor: colors.page, fontFamily: font, margin: 0, padding: "16px 8px" }}>
        <Container style={{ maxWidth: "600px", width: "100%", margin: "0 auto" }}>
          <Text style={{ color: colors.orange, fontSize: "20px", fontWeight: 700, margin: "0 0 12px" }}>
            {ACADEMY.name}
          </Text>
          <Section
            style={{
              backgroundColor: "#ffffff",
              border: `1px solid ${colors.line}`,
              borderRadius: "8px",
              padding: "20px 16px",
            }}
          >
            <Heading as="h1" style={{ color: colors.ink, fontSize: "22px", lineHeight: "28px", margin: "0 0 16px" }}>
              {heading}
            </Heading>
            {children}
          </Section>
          <Hr style={{ borderColor: colors.line, margin: "16px 0" }} />
          <Text style={small}>
            {ACADEMY.name} · {ACADEMY.address} ·{" "}
            <Link href={`mailto:${ACADEMY.email}`} style={{ color: colors.orange }}>
              {ACADEMY.email}
            </Link>{" "}
            · {ACADEMY.phone}
          </Text>
        </Container>
      </Body>
    </Html>
  );
}

/** A link drawn as a button: large enough to tap, with its address also written out for the plain text. */
export function ButtonLink({ href, children }: { href: string; children: string }) {
  return (
    <Section style={{ margin: "8px 0 16px" }}>
      <Link
        href={href}
        style={{
          backgroundColor: colors.orange,
          borderRadius: "6px",
          color: "#ffffff",
          display: "inline-block",
          fontSize: "16px",
          fontWeight: 600,
          padding: "12px 20px",
          textDecoration: "none",
        }}
      >
        {children}
      </Link>
    </Section>
  );
}

/** Someone's words, a paragraph per line: their lines kept in the HTML and in the plain text. */
export function Paragraphs({ words }: { words: string }) {
  return words
    .split("\n")
    .filter((line) => line.trim() !== "")
    .map((line, i) => (
      <Text key={i} style={{ ...text, margin: "0 0 8px" }}>
        {line}
      </Text>
    ));
}
