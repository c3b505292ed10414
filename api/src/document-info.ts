import type { FastifyDynamicSwaggerOptions } from "@fastify/swagger";

/**
 * The API document's description of itself (@fastify/swagger's `openapi`): its title, servers,
 * security schemes and tags. api/openapi.json is generated from the document it makes.
 */
export const DOCUMENT: Extract<FastifyDynamicSwaggerOptions, { openapi?: unknown }>["openapi"] = {
  info: {
    title: "Summit Sports Academy API",
    version: "1.0.0",
    description: "Classes, instructors, carts and accounts of the academy's summer-camp booking site.",
    // The footer's contact address (shared-auth academy-facts.ts).
    contact: { name: "Summit Sports Academy", email: "hello@summitsports.academy" },
  },
  // The document is the same for every deployment (api/openapi.json is generated from it);
  // each serves these paths at its own address, a local run (npm start) at the defaults.
  servers: [
    {
      url: "{scheme}://{host}",
      description: "The API of a deployment",
      variables: {
        scheme: { default: "http", enum: ["http", "https"], description: "https in production" },
        host: { default: "localhost:4000", description: "The API's host name and port" },
      },
    },
  ],
  components: {
    securitySchemes: {
      bearer: { type: "http", scheme: "bearer", bearerFormat: "JWT" },
      firebaseIdToken: { type: "http", scheme: "bearer", description: "A Firebase ID token (POST /jwt only)" },
    },
  },
  security: [{ bearer: [] }],
  tags: [
    { name: "classes", description: "The class list, one class, an instructor's own classes, reviews by admins" },
    { name: "instructors", description: "Public fields of instructors and their approved classes" },
    { name: "users", description: "The caller's own record; roles and accounts (admins)" },
    { name: "accounts", description: "Exchange of a Firebase ID token for the API's access token; signing out" },
    { name: "cart", description: "A student's booked classes and enrolments" },
    {
      name: "payments",
      description: "Checkout with seat holds, PaymentIntents, recorded payments and the provider's webhook",
    },
    { name: "images", description: "Image upload (class pictures, profile photos) and content-addressed images" },
    { name: "contact", description: "Messages from visitors (read by admins)" },
    { name: "newsletter", description: "Offer subscriptions from the home page (read by admins)" },
    {
      name: "campers",
      description: "A family's campers, whether each may take a seat, and everything held about the family",
    },
    {
      name: "waitlist",
      description:
        "Registration opening, a full class's line in strict order, offers of freed seats, and staff's view of each line",
    },
    {
      name: "refunds",
      description: "The cancellation policy, a family's seats with today's refund, and cancelling a seat",
    },
    {
      name: "discounts",
      description: "Promo codes, the sibling and multi-class discounts (admins), and what each code brought",
    },
    {
      name: "payment plans",
      description: "Plans a family may choose at checkout: a deposit today, the rest in instalments (admins set them)",
    },
    {
      name: "waiting room",
      description:
        "A registration opening's line: places by arrival, let in at the pace the API serves, passes to book with",
    },
    {
      name: "forms",
      description:
        "Forms and waivers families complete before the first day: admins build and publish versions; families answer, consent to sign electronically, sign and download the signed copy",
    },
    {
      name: "camp days",
      description:
        "The camp running: families name who may collect each camper (a PIN each, shown once); coaches and admins check campers in and out on today's list, mark absences and undo",
    },
    {
      name: "front desk",
      description:
        "The office registers a family, books for it with every rule a family meets, and records cash, cheques and transfers; the family claims the account and pays what is owed by card",
    },
    {
      name: "statements",
      description:
        "Year-end statements per child: what the family paid in an ended year less refunds, with the academy's tax id, as data and as a PDF",
    },
    {
      name: "academy",
      description:
        "The academy's own facts (name, address, contacts, tax id, season, links): anyone reads them, admins change them",
    },
    {
      name: "financial aid",
      description:
        "Financial aid: a season's budget and most per camper, families' applications per camper, the office's awards taken off that camper's seats at checkout",
    },
    {
      name: "admin",
      description:
        "Admins' paged class list, the academy's figures and the office's exports (enrolments, payments, refunds)",
    },
    {
      name: "notifications",
      description:
        "E-mails and calendars: the outbox's state (admins), a user's e-mail choices and calendar feed, unsubscribing",
    },
    { name: "health", description: "Liveness, database, and how the public lists are cached" },
  ],
};
