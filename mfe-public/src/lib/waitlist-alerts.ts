/*
 * The waitlist's dialogs, loaded when a family first meets a full class: the home page
 * and the class lists do not carry them. Every part is text, as in alerts.ts.
 */
import { showDialog } from "shared-auth";
import { dialog, SUCCESS_ICON, warning } from "./alerts";

/**
 * A class full for everyone outside its line. Says the server's reason and offers the
 * waitlist; resolves true when the student chose to join it.
 */
export function offerTheWaitlist(reason: string): Promise<boolean> {
  return showDialog(warning, {
    title: "This class is full",
    text: `${reason} You keep your place in line, and a freed seat is offered to you, for a set time, before anyone else can take it.`,
    confirm: "Join waitlist",
    cancel: "Not now",
  });
}

/** Where a family stands after joining a line; resolves true when it chose to open My Waitlists. */
export function showJoined(
  className: string,
  entry: { position: number | null; campers: { name: string }[]; state: string },
): Promise<boolean> {
  const who = entry.campers.map((c) => c.name);
  const names = who.length <= 1 ? (who[0] ?? "You") : `${who.slice(0, -1).join(", ")} and ${who[who.length - 1]}`;
  const where =
    entry.state === "offered"
      ? "Seats are free for you now: accept the offer in My Waitlists before its deadline."
      : `You are #${entry.position} in line. When seats free up they are offered to families in the order they joined; My Waitlists shows your offer's deadline.`;
  return showDialog(dialog({ html: SUCCESS_ICON, className: "border-emerald-400! text-emerald-600!" }), {
    title: "You are on the waitlist",
    text: `${names} ${who.length > 1 ? "wait together" : "is waiting"} for "${className}". ${where}`,
    confirm: "Open My Waitlists",
    cancel: "OK",
  });
}
