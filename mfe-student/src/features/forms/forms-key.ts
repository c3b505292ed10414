/**
 * The family's forms, cached under a key of this app's own: only My Forms, Student Home and the
 * payment's confirmation read them, so the key stays out of the singleton every page loads (the
 * cart page's byte budget). A payment makes it stale: the classes just booked may need forms.
 */
export const formsKey = (email: string) => ["forms", email] as const;
