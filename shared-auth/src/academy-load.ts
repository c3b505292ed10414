import type { AcademyFacts } from "./academy-facts";
import { ACADEMY_FACTS_KEY, academyStore } from "./store";

/**
 * Asks the API for the academy's facts once the page knows where the API is (decision 051), shows
 * them, and keeps them for the next visit. A plain GET with no headers of its own: no preflight,
 * and the API lets browsers keep the answer 30 seconds. A refusal or no network keeps what the page
 * shows (the remembered or starting facts).
 */
export async function loadAcademyFacts(): Promise<void> {
  const apiUrl = academyStore.getState().env?.apiUrl;
  if (!apiUrl) return;
  try {
    const response = await fetch(`${apiUrl}/academy`);
    if (!response.ok) return;
    const facts = (await response.json()) as AcademyFacts & { setupNeeded?: true };
    // A new installation's first visit goes to its setup: the API says so until then (only a
    // network answer sends there; a kept copy of one only paints).
    if (facts.setupNeeded && location.pathname != "/setup") location.replace("/setup");
    showAcademyFacts(facts);
  } catch {
    // Unreachable or not JSON: the page keeps the facts it shows.
  }
}

/**
 * Every part of the page shows these facts from now on, and the next visit starts with them (the
 * whole answer is kept: every fact in it is public). Also called with what an admin just saved.
 */
export function showAcademyFacts(facts: AcademyFacts): void {
  academyStore.setState({ academy: facts });
  try {
    localStorage.setItem(ACADEMY_FACTS_KEY, JSON.stringify(facts));
  } catch {
    // Storage full or unavailable: only the next visit starts from older facts.
  }
}
