import { campSeason, STARTING_ACADEMY, type AcademyFacts } from "shared-auth";
import { ACADEMY } from "./academy";

export interface InfoSection {
  heading: string;
  paragraphs: string[];
}

export interface InfoPage {
  title: string;
  subheading: string;
  intro: string;
  sections: InfoSection[];
}

/**
 * The pages behind the footer's Quick Links and Information items (/info/:slug), in the words of
 * the academy's facts as an admin set them (decision 051). The shell's footer links to exactly
 * these slugs.
 */
export const infoPages = (academy: AcademyFacts) =>
  ({
    help: {
      title: "Help Center",
      subheading: "Quick answers",
      intro: "The questions parents and campers ask us most, answered in a few lines.",
      sections: [
        {
          heading: "How do I book a class?",
          paragraphs: [
            "Create an account, open Classes and press Add To Booking on each class you want. The classes wait in your cart (My Selected Classes in your dashboard) until you pay for them by card.",
          ],
        },
        {
          heading: "Who can join?",
          paragraphs: [
            `Campers from ${ACADEMY.ages} years old. Every class is open to beginners unless its description says otherwise; coaches group campers by age and level on their first day.`,
          ],
        },
        {
          heading: "I cannot log in",
          paragraphs: [
            `Check the e-mail address you signed up with, then use "Forgot password?" on the login page. If that does not help, write to ${academy.email} from the same address and we will sort it out.`,
          ],
        },
      ],
    },
    vouchers: {
      title: "Redeem Voucher",
      subheading: "Gift vouchers",
      intro: "Academy vouchers are a popular birthday present. Here is how to use one.",
      sections: [
        {
          heading: "Using a voucher",
          paragraphs: [
            "Put the classes you want in your cart, then send the voucher code and your account e-mail through the contact form. The camp office credits the voucher to your account within one working day, and the amount is taken off at checkout.",
          ],
        },
        {
          heading: "Good to know",
          paragraphs: [
            "Vouchers are valid for two summers from the date of purchase, can be split across several classes and cannot be exchanged for cash.",
          ],
        },
      ],
    },
    policies: {
      title: "Policies & Rules",
      subheading: "Camp rules",
      intro: "A short set of rules keeps every camper safe and every session fair.",
      sections: [
        {
          heading: "On the field",
          paragraphs: [
            "Campers wear the protective gear their sport needs, follow their coach's instructions and drink water at every break. Coaches may pause a session for heat, lightning or injury at any time.",
          ],
        },
        {
          heading: "Cancellations and refunds",
          paragraphs: [
            "Cancel a seat yourself from My Enrolled Classes: the page tells you the refund before you confirm, and the money goes back to the card you paid with. Full refund until 14 days before the first day, 50% until 7 days before, no refund after that or once the class has started. If cancelling a seat means the seats you keep no longer earn a discount (multi-class, sibling, or a promo code's minimum order), the refund is reduced by the discount they no longer earn.",
          ],
        },
        {
          heading: "Privacy",
          paragraphs: [
            "We keep only what we need to run the camp: names, e-mail addresses and bookings. We never sell your data, and card details go straight to our payment provider.",
          ],
        },
      ],
    },
    offers: {
      title: "Check Offer List",
      subheading: "Offers this summer",
      intro: "Ways to make a summer at the academy lighter on the family budget.",
      sections: [
        {
          heading: "Current offers",
          paragraphs: [
            "Siblings: 10% off every class booked by a second or third child of the same family.",
            "Early birds: 15% off classes booked and paid before the end of April.",
            "Two sports: book a morning and an afternoon class in the same week and the second one is 20% off.",
          ],
        },
        {
          heading: "How offers apply",
          paragraphs: [
            "Offers do not stack; the camp office applies the best one for you. Subscribe to our newsletter on the home page to hear about new offers first.",
          ],
        },
      ],
    },
    support: {
      title: "Students Support",
      subheading: "We are here to help",
      intro: `Every camper has a named coach, and the camp office answers every message ${academy.replyTime}.`,
      sections: [
        {
          heading: "During camp",
          paragraphs: [
            "A first-aid trained coach is on site at every session, and study mentors help with homework in the afternoon block. Tell your coach, or the office, if anything worries you.",
          ],
        },
        {
          heading: "Reaching us",
          paragraphs: [
            `Call ${academy.phone} (Monday to Friday, 8:00 to 17:00) or write to ${academy.email}. Families can also use the contact form at any time.`,
          ],
        },
        {
          heading: "Access needs",
          paragraphs: [
            "Let us know about allergies, medication or access needs when you book. Our coaches adapt drills so every camper can take part.",
          ],
        },
      ],
    },
    camp: {
      title: "Camp Info",
      subheading: `Summer camp ${campSeason()}`,
      intro: `Camp runs ${academy.seasonText} on our own campus.`,
      sections: [
        {
          heading: "A camp day",
          paragraphs: [
            "Drop-off from 8:00. Sport sessions run from 9:00 to 12:00, lunch is served in the hall, and the afternoon combines study time with a second, lighter training block. Pick-up by 16:30.",
          ],
        },
        {
          heading: "What to bring",
          paragraphs: [
            "Sports clothes and shoes, a swimsuit and towel for water sports, a refillable bottle, sun cream and a hat. We provide all balls, rackets and safety equipment.",
          ],
        },
        {
          heading: "Where",
          paragraphs: [`${academy.addressLines.join(", ")}. Free parking and a bus stop at the main gate.`],
        },
      ],
    },
    license: {
      title: "License Policy",
      subheading: "Content and artwork",
      intro: "What you may do with the texts and pictures on this site.",
      sections: [
        {
          heading: "Our content",
          paragraphs: [
            `The texts, logo and artwork on this site belong to ${academy.name}. You may share links to any page and print pages for personal use.`,
          ],
        },
        {
          heading: "Photos of campers",
          paragraphs: [
            "We only publish pictures of campers with a parent's written consent, and remove any picture on request within two working days.",
          ],
        },
        {
          heading: "Software",
          paragraphs: ["This site is built with open-source software; each library keeps its own license."],
        },
      ],
    },
    affiliate: {
      title: "Affiliate",
      subheading: "Partner with us",
      intro: "Clubs, schools and community centres can partner with the academy.",
      sections: [
        {
          heading: "How it works",
          paragraphs: [
            "Partners share a personal link or code with their families. Families get 5% off their first booking, and the partner receives 5% of the booking value as a credit for equipment or coaching sessions.",
          ],
        },
        {
          heading: "Becoming a partner",
          paragraphs: [
            "Write to us through the contact form with the name of your club or school and a contact person. We reply within a week.",
          ],
        },
      ],
    },
    about: {
      title: "About Us",
      subheading: "Who we are",
      intro: `${academy.name} combines schooling with serious sports training, so young athletes never have to choose between the two.`,
      sections: [
        {
          heading: "Our story",
          paragraphs: [
            `Founded by a group of teachers and former athletes, the academy started as a single soccer week on a borrowed pitch. Today our summer camp offers ${ACADEMY.sports.toLowerCase()}, taught by certified coaches on our own campus.`,
          ],
        },
        {
          heading: "What we believe",
          paragraphs: [
            "Sport teaches focus, teamwork and resilience; the classroom gives those habits somewhere to grow. Every camper leaves a better player and a more confident learner.",
          ],
        },
      ],
    },
  }) satisfies Record<string, InfoPage>;

export type InfoSlug = keyof ReturnType<typeof infoPages>;

export const INFO_SLUGS = Object.keys(infoPages(STARTING_ACADEMY)) as InfoSlug[];

export function infoPage(slug: string | undefined, academy: AcademyFacts = STARTING_ACADEMY): InfoPage | null {
  const pages = infoPages(academy);
  return slug && Object.hasOwn(pages, slug) ? pages[slug as InfoSlug] : null;
}
