import { render } from "@react-email/render";
import type { ReactElement } from "react";
import * as clock from "../../platform/clock.js";
import { sessionsCalendar } from "../calendar.js";
import { seatUid } from "../facts/session.js";
import { replyAddress } from "./reply-address.js";
import type {
  CancellationFacts,
  EntryMovedFacts,
  GoodwillRefundFacts,
  InstalmentFacts,
  ContactAckFacts,
  ContactNoticeFacts,
  OfferExpiredFacts,
  OfferFacts,
  ReceiptFacts,
  ReminderFacts,
  ReviewFacts,
  WelcomeFacts,
} from "../facts.js";
import { ClassReviewed, reviewSubject } from "./class-reviewed.js";
import { ContactAck, contactAckSubject, ContactNotice, contactNoticeSubject } from "./contact.js";
import { OfferExpired, offerExpiredSubject } from "./offer-expired.js";
import { Receipt, receiptSubject } from "./receipt.js";
import {
  InstalmentFailed,
  instalmentFailedSubject,
  InstalmentPaid,
  instalmentPaidSubject,
  InstalmentReminder,
  instalmentReminderSubject,
} from "./instalment.js";
import { Reminder, reminderSubject } from "./reminder.js";
import { GoodwillRefund, goodwillSubject } from "./goodwill-refund.js";
import { cancelledSubject, SeatCancelled } from "./seat-cancelled.js";
import { offerSubject, WaitlistOffer } from "./waitlist-offer.js";
import { movedSubject, WaitlistMoved } from "./waitlist-moved.js";
import { Welcome, welcomeSubject } from "./welcome.js";
import { signedPdf } from "../documents/signed-form.js";
import type { FormsNeededFacts, SignedFormFacts } from "../facts/forms.js";
import { FormSigned, formSignedSubject, FormsNeeded, formsNeededSubject } from "./forms.js";
import type { CamperAbsentFacts, ClassMessageFacts } from "../facts/camp-days.js";
import { CamperAbsent, camperAbsentSubject, ClassMessage, classMessageSubject } from "./camp-days.js";
import type { AccountClaimFacts, BalanceReminderFacts, OfficePaymentFacts } from "../facts/front-desk.js";
import {
  AccountClaim,
  accountClaimSubject,
  BalanceReminder,
  balanceReminderSubject,
  OfficePayment,
  officePaymentSubject,
} from "./front-desk.js";
import type { SeatMovedFacts } from "../facts/seat-moved.js";
import { SeatMoved, seatMovedSubject } from "./seat-moved.js";
import type { AidDecidedFacts } from "../facts/aid.js";
import { AidDecided, aidDecidedSubject } from "./aid-decided.js";

/** Every kind of message the outbox holds, with the facts its row keeps. */
export interface MessageFacts {
  "payment-receipt": ReceiptFacts;
  "waitlist-offer": OfferFacts;
  "class-reviewed": ReviewFacts;
  "seat-cancelled": CancellationFacts;
  "goodwill-refund": GoodwillRefundFacts;
  "waitlist-offer-expired": OfferExpiredFacts;
  welcome: WelcomeFacts;
  "contact-ack": ContactAckFacts;
  "contact-notice": ContactNoticeFacts;
  reminder: ReminderFacts;
  "waitlist-moved": EntryMovedFacts;
  "instalment-paid": InstalmentFacts;
  "instalment-failed": InstalmentFacts;
  "instalment-reminder": InstalmentFacts;
  "form-signed": SignedFormFacts;
  "forms-needed": FormsNeededFacts;
  "camper-absent": CamperAbsentFacts;
  "class-message": ClassMessageFacts;
  "account-claim": AccountClaimFacts;
  "office-payment": OfficePaymentFacts;
  "balance-reminder": BalanceReminderFacts;
  "seat-moved": SeatMovedFacts;
  "aid-decided": AidDecidedFacts;
}
export type MessageKind = keyof MessageFacts;
export const MESSAGE_KINDS = [
  "payment-receipt",
  "waitlist-offer",
  "class-reviewed",
  "seat-cancelled",
  "goodwill-refund",
  "waitlist-offer-expired",
  "welcome",
  "contact-ack",
  "contact-notice",
  "reminder",
  "waitlist-moved",
  "instalment-paid",
  "instalment-failed",
  "instalment-reminder",
  "form-signed",
  "forms-needed",
  "camper-absent",
  "class-message",
  "account-claim",
  "office-payment",
  "balance-reminder",
  "seat-moved",
  "aid-decided",
] as const satisfies MessageKind[];

export interface RenderedMessage {
  subject: string;
  html: string;
  text: string;
  /** Text as it is, or bytes written in base64 (`encoding`), as nodemailer takes them. */
  attachments: { filename: string; content: string; contentType: string; encoding?: "base64" }[];
  /** Extra headers: List-Unsubscribe and List-Unsubscribe-Post (RFC 8058) on optional messages. */
  headers?: Record<string, string>;
  /** Where an answer goes, when not to the academy (the contact notice: its sender). Checked by `replyAddress`. */
  replyTo?: { name: string; address: string };
}

/** What a template needs besides its facts. */
export interface RenderContext {
  siteUrl: string;
  /** The one-click unsubscribe URL of a user (optional messages carry it); none in previews. */
  unsubscribeUrl?: (userId: string) => string;
}

/** An optional message's unsubscribe link, as the headers of RFC 8058 say it. */
const unsubscribeHeaders = (url: string) => ({
  "List-Unsubscribe": `<${url}>`,
  "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
});

async function both(element: ReactElement) {
  const [html, text] = await Promise.all([render(element), render(element, { plainText: true })]);
  return { html, text };
}

/** A message from its kind and facts: HTML and plain text from one React Email template. */
export async function renderMessage<K extends MessageKind>(
  kind: K,
  facts: MessageFacts[K],
  context: RenderContext,
): Promise<RenderedMessage> {
  switch (kind) {
    case "payment-receipt": {
      const receipt = facts as ReceiptFacts;
      const ics = sessionsCalendar(
        receipt.lines.map((line, index) => ({
          // The seat's UID, as the family's feed gives it (receipts written before seats were kept: the line's).
          uid: line.enrollmentId
            ? seatUid(line.enrollmentId, context.siteUrl)
            : `${receipt.orderId}-${index + 1}@summitsports.academy`,
          session: line,
          camperName: line.camperName,
        })),
        new Date(receipt.paidAt),
      );
      return {
        subject: receiptSubject(receipt),
        ...(await both(<Receipt facts={receipt} siteUrl={context.siteUrl} />)),
        attachments: [
          { filename: "sessions.ics", content: ics, contentType: "text/calendar; charset=utf-8; method=PUBLISH" },
        ],
      };
    }
    case "waitlist-offer": {
      const offer = facts as OfferFacts;
      return {
        subject: offerSubject(offer),
        ...(await both(<WaitlistOffer facts={offer} siteUrl={context.siteUrl} />)),
        attachments: [],
      };
    }
    case "class-reviewed": {
      const review = facts as ReviewFacts;
      return {
        subject: reviewSubject(review),
        ...(await both(<ClassReviewed facts={review} siteUrl={context.siteUrl} />)),
        attachments: [],
      };
    }
    case "seat-cancelled": {
      const cancelled = facts as CancellationFacts;
      // The seat's event cancelled in the family's calendar (a row written before the seat was kept: none).
      const ics = cancelled.enrollmentId
        ? sessionsCalendar(
            [
              {
                uid: seatUid(cancelled.enrollmentId, context.siteUrl),
                session: cancelled.session,
                camperName: cancelled.camperName,
              },
            ],
            cancelled.cancelledAt ? new Date(cancelled.cancelledAt) : clock.now(),
            { cancel: true },
          )
        : undefined;
      return {
        subject: cancelledSubject(cancelled),
        ...(await both(<SeatCancelled facts={cancelled} siteUrl={context.siteUrl} />)),
        attachments: ics
          ? [{ filename: "cancelled.ics", content: ics, contentType: "text/calendar; charset=utf-8; method=CANCEL" }]
          : [],
      };
    }
    case "goodwill-refund": {
      const refund = facts as GoodwillRefundFacts;
      return {
        subject: goodwillSubject(refund),
        ...(await both(<GoodwillRefund facts={refund} siteUrl={context.siteUrl} />)),
        attachments: [],
      };
    }
    case "aid-decided": {
      const decided = facts as AidDecidedFacts;
      return {
        subject: aidDecidedSubject(decided),
        ...(await both(<AidDecided facts={decided} siteUrl={context.siteUrl} />)),
        attachments: [],
      };
    }
    case "waitlist-offer-expired": {
      const expired = facts as OfferExpiredFacts;
      return {
        subject: offerExpiredSubject(expired),
        ...(await both(<OfferExpired facts={expired} siteUrl={context.siteUrl} />)),
        attachments: [],
      };
    }
    case "welcome":
      return {
        subject: welcomeSubject(),
        ...(await both(<Welcome facts={facts as WelcomeFacts} siteUrl={context.siteUrl} />)),
        attachments: [],
      };
    case "contact-ack":
      return {
        subject: contactAckSubject(),
        ...(await both(<ContactAck facts={facts as ContactAckFacts} />)),
        attachments: [],
      };
    case "contact-notice": {
      const notice = facts as ContactNoticeFacts;
      const replyTo = replyAddress(notice.fromName, notice.fromEmail);
      return {
        subject: contactNoticeSubject(notice),
        ...(await both(<ContactNotice facts={notice} siteUrl={context.siteUrl} />)),
        attachments: [],
        // The admin answers with Reply: straight to the sender.
        ...(replyTo && { replyTo }),
      };
    }
    case "reminder": {
      const reminder = facts as ReminderFacts;
      const unsubscribeUrl = context.unsubscribeUrl?.(reminder.familyId);
      return {
        subject: reminderSubject(reminder),
        ...(await both(<Reminder facts={reminder} siteUrl={context.siteUrl} unsubscribeUrl={unsubscribeUrl} />)),
        attachments: [],
        ...(unsubscribeUrl && { headers: unsubscribeHeaders(unsubscribeUrl) }),
      };
    }
    case "waitlist-moved": {
      const moved = facts as EntryMovedFacts;
      return {
        subject: movedSubject(moved),
        ...(await both(<WaitlistMoved facts={moved} siteUrl={context.siteUrl} />)),
        attachments: [],
      };
    }
    case "instalment-paid": {
      const paid = facts as InstalmentFacts;
      return {
        subject: instalmentPaidSubject(paid),
        ...(await both(<InstalmentPaid facts={paid} siteUrl={context.siteUrl} />)),
        attachments: [],
      };
    }
    case "instalment-failed": {
      const failed = facts as InstalmentFacts;
      return {
        subject: instalmentFailedSubject(failed),
        ...(await both(<InstalmentFailed facts={failed} siteUrl={context.siteUrl} />)),
        attachments: [],
      };
    }
    case "instalment-reminder": {
      const coming = facts as InstalmentFacts;
      return {
        subject: instalmentReminderSubject(coming),
        ...(await both(<InstalmentReminder facts={coming} siteUrl={context.siteUrl} />)),
        attachments: [],
      };
    }
    case "form-signed": {
      const signed = facts as SignedFormFacts;
      const pdf = await signedPdf(signed.record);
      return {
        subject: formSignedSubject(signed),
        ...(await both(<FormSigned facts={signed} siteUrl={context.siteUrl} />)),
        attachments: [
          {
            filename: `signed-${signed.record.title.replace(/[^A-Za-z0-9]+/g, "-").replace(/^-|-$/g, "") || "form"}.pdf`,
            content: pdf.toString("base64"),
            contentType: "application/pdf",
            encoding: "base64",
          },
        ],
      };
    }
    case "forms-needed": {
      const needed = facts as FormsNeededFacts;
      return {
        subject: formsNeededSubject(needed),
        ...(await both(<FormsNeeded facts={needed} siteUrl={context.siteUrl} />)),
        attachments: [],
      };
    }
    case "camper-absent": {
      const absent = facts as CamperAbsentFacts;
      return {
        subject: camperAbsentSubject(absent),
        ...(await both(<CamperAbsent facts={absent} siteUrl={context.siteUrl} />)),
        attachments: [],
      };
    }
    case "class-message": {
      const message = facts as ClassMessageFacts;
      return {
        subject: classMessageSubject(message),
        ...(await both(<ClassMessage facts={message} />)),
        attachments: [],
      };
    }
    case "account-claim": {
      const claim = facts as AccountClaimFacts;
      return {
        subject: accountClaimSubject(),
        ...(await both(<AccountClaim facts={claim} siteUrl={context.siteUrl} />)),
        attachments: [],
      };
    }
    case "balance-reminder": {
      const due = facts as BalanceReminderFacts;
      return {
        subject: balanceReminderSubject(due),
        ...(await both(<BalanceReminder facts={due} siteUrl={context.siteUrl} />)),
        attachments: [],
      };
    }
    case "office-payment": {
      const paid = facts as OfficePaymentFacts;
      return {
        subject: officePaymentSubject(paid),
        ...(await both(<OfficePayment facts={paid} siteUrl={context.siteUrl} />)),
        attachments: [],
      };
    }
    case "seat-moved": {
      const moved = facts as SeatMovedFacts;
      const stamp = new Date(moved.movedAt);
      const event = (side: SeatMovedFacts["from"]) => ({
        uid: seatUid(side.enrollmentId, context.siteUrl),
        session: side.session,
        camperName: moved.camperName,
      });
      return {
        subject: seatMovedSubject(moved),
        ...(await both(<SeatMoved facts={moved} siteUrl={context.siteUrl} />)),
        // The old seat's events cancelled by their UIDs (RFC 5546), the new seat's published.
        attachments: [
          {
            filename: "cancelled.ics",
            content: sessionsCalendar([event(moved.from)], stamp, { cancel: true }),
            contentType: "text/calendar; charset=utf-8; method=CANCEL",
          },
          {
            filename: "sessions.ics",
            content: sessionsCalendar([event(moved.to)], stamp),
            contentType: "text/calendar; charset=utf-8; method=PUBLISH",
          },
        ],
      };
    }
    default:
      throw new Error(`no template for messages of kind ${String(kind)}`);
  }
}
