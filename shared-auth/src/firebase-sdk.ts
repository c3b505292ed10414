/**
 * The parts of Firebase Auth the site uses, named one by one so the bundler keeps only those
 * (a namespace import of "firebase/auth" kept all of it). Loaded with the first account action
 * that needs it (one chunk: the popup's code shares a module with the rest).
 */
export {
  browserLocalPersistence,
  browserPopupRedirectResolver,
  connectAuthEmulator,
  createUserWithEmailAndPassword,
  GoogleAuthProvider,
  indexedDBLocalPersistence,
  initializeAuth,
  onIdTokenChanged,
  sendEmailVerification,
  sendPasswordResetEmail,
  signInWithCredential,
  signInWithEmailAndPassword,
  signInWithPopup,
  signOut,
  updateProfile,
} from "firebase/auth";
