/** This remote's root class: its utilities apply only inside it (decision 004). */
export const SCOPE_CLASS = "mfe-student";
