import type * as Account from "./account";

/**
 * The account actions load with the first one: only the shell's account pages (login, sign-up,
 * settings) call them, so no other page carries their code.
 */
const account = (): Promise<typeof Account> => import("./account");

export const signIn: typeof Account.signIn = async (...args) => (await account()).signIn(...args);
export const signUp: typeof Account.signUp = async (...args) => (await account()).signUp(...args);
export const signInWithGoogle: typeof Account.signInWithGoogle = async (...args) =>
  (await account()).signInWithGoogle(...args);
export const usesAccountChooser: typeof Account.usesAccountChooser = async () => (await account()).usesAccountChooser();
export const sendPasswordReset: typeof Account.sendPasswordReset = async (...args) =>
  (await account()).sendPasswordReset(...args);
export const updateAccountProfile: typeof Account.updateAccountProfile = async (...args) =>
  (await account()).updateAccountProfile(...args);
export function prepareGoogleSignIn(): void {
  account().then(
    (actions) => actions.prepareGoogleSignIn(),
    () => undefined,
  );
}
export type { GoogleTestAccount } from "./account";
