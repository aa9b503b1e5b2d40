/**
 * Social sign-in with Firebase Auth (popup). The Firebase SDK is loaded with dynamic imports and only when the
 * build has VITE_FIREBASE_* configuration, so an unconfigured build fetches no Firebase code.
 */
import { firebaseConfig as config } from './firebase-config';

/** Opens the Google popup and answers the Firebase ID token; signs out of Firebase afterwards (our token takes over). */
export async function googleIdToken(): Promise<string> {
  const [{ initializeApp, getApps }, auth] = await Promise.all([import('firebase/app'), import('firebase/auth')]);
  const app = getApps()[0] ?? initializeApp(config);
  const firebaseAuth = auth.getAuth(app);
  const emulator = import.meta.env.VITE_FIREBASE_AUTH_EMULATOR_URL;
  if (emulator && !firebaseAuth.emulatorConfig) auth.connectAuthEmulator(firebaseAuth, emulator, { disableWarnings: true });
  const result = await auth.signInWithPopup(firebaseAuth, new auth.GoogleAuthProvider());
  const idToken = await result.user.getIdToken();
  await auth.signOut(firebaseAuth).catch((error: unknown) => console.error('Logout error', error));
  return idToken;
}
