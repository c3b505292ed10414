import type * as Account from "./account";

/**
 * The account actions load with the first one: only the shell's account pages (login, sign-up,
 * settings) call them, so no other page carries their code.
 */
const account = (): Promise<typeof Account> => import("./account");

type Actions = typeof Account;
type ActionName = {
  [K in keyof Actions]: Actions[K] extends (...args: never[]) => Promise<unknown> ? K : never;
}[keyof Actions];

/** The action of that name, called once its module has loaded. */
function loadsWithFirstCall<K extends ActionName>(name: K): Actions[K] {
  const call = async (...args: unknown[]) => ((await account())[name] as (...a: unknown[]) => unknown)(...args);
  return call as Actions[K];
}

export const signIn = loadsWithFirstCall("signIn");
export const signUp = loadsWithFirstCall("signUp");
export const signInWithGoogle = loadsWithFirstCall("signInWithGoogle");
export const usesAccountChooser = loadsWithFirstCall("usesAccountChooser");
export const sendPasswordReset = loadsWithFirstCall("sendPasswordReset");
export const sendVerificationEmail = loadsWithFirstCall("sendVerificationEmail");
export const refreshEmailVerification = loadsWithFirstCall("refreshEmailVerification");
export const updateAccountProfile = loadsWithFirstCall("updateAccountProfile");
export const hasPassword = loadsWithFirstCall("hasPassword");
export const changePassword = loadsWithFirstCall("changePassword");
export const requestEmailChange = loadsWithFirstCall("requestEmailChange");
export const deleteOwnAccount = loadsWithFirstCall("deleteOwnAccount");
export function prepareGoogleSignIn(): void {
  account().then(
    (actions) => actions.prepareGoogleSignIn(),
    () => undefined,
  );
}
export type { GoogleTestAccount } from "./account";
