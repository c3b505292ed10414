/** What the plans domain needs of the payment provider's PaymentIntents (decision 040). */

/** An intent as this needs it (the payment provider's `Intent`). */
export interface PlanIntent {
  id: string;
  status: string;
  amount: number;
  clientSecret: string | null;
  metadata: Record<string, string>;
  cardLast4?: string | null;
  paymentMethodId?: string | null;
}

/** What a family's own payment needs of the payment provider. */
export interface FamilyIntents {
  retrieveIntent(id: string): Promise<PlanIntent | null>;
  /** Cancels an open intent; false when it can no longer be cancelled (it succeeded meanwhile). */
  cancelIntent(id: string): Promise<boolean>;
  /**
   * Readies a refusal's intent for the family to confirm in the browser: its amount as owed now,
   * and the card it is paid with saved to the family's Customer for later charges.
   */
  readyForFamily(id: string, amountCents: number): Promise<PlanIntent>;
  /** Gives a whole payment back (an intent paid after its charge was cancelled), under `key`. */
  refund(intentId: string, key: string): Promise<void>;
}

/** A SetupIntent as replacing a plan's card needs it. */
export interface CardSetup {
  id: string;
  status: string;
  clientSecret: string | null;
  customerId: string | null;
  paymentMethodId: string | null;
  metadata: Record<string, string>;
}

/** What replacing a plan's saved card needs of the provider: a SetupIntent for the family's Customer. */
export interface CardSetups {
  /** A SetupIntent saving a card to the Customer for charges made without the family (`usage: off_session`). */
  createCardSetup(input: { customerId: string; familyId: string }): Promise<CardSetup>;
  retrieveCardSetup(id: string): Promise<CardSetup | null>;
}
