import { Text } from "@react-email/components";
import type { WelcomeFacts } from "../facts.js";
import { ACADEMY } from "../format.js";
import { ButtonLink, Layout, small, text } from "./layout.js";

export const welcomeSubject = () => `Welcome to ${ACADEMY.name}`;

/** A new account's welcome: what to do next, in three steps. */
export function Welcome({ facts, siteUrl }: { facts: WelcomeFacts; siteUrl: string }) {
  return (
    <Layout preview="Your account is ready: add your campers, then pick their classes." heading="Welcome to camp!">
      <Text style={text}>Hello {facts.name}, your account is ready. Booking a summer at camp takes three steps:</Text>
      <Text style={text}>1. Add each child who will come in My Campers (or book a class for yourself).</Text>
      <Text style={text}>2. Find the classes they will enjoy and put them in your cart.</Text>
      <Text style={text}>3. Pay by card: the seats are theirs, and the receipt comes by e-mail.</Text>
      <ButtonLink href={`${siteUrl}/classes`}>Browse the classes</ButtonLink>
      <Text style={small}>{`My Campers: ${siteUrl}/dashboard/campers`}</Text>
      <Text style={small}>
        Before you pay, confirm your e-mail address with the link the sign-in service sent you, if you have not yet.
      </Text>
    </Layout>
  );
}
