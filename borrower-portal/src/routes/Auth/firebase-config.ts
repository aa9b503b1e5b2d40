/** The build's Firebase web configuration (VITE_FIREBASE_*); social sign-in is hidden without it. */
export const firebaseConfig = {
  apiKey: import.meta.env.VITE_FIREBASE_API_KEY,
  authDomain: import.meta.env.VITE_FIREBASE_AUTH_DOMAIN,
  projectId: import.meta.env.VITE_FIREBASE_PROJECT_ID,
  appId: import.meta.env.VITE_FIREBASE_APP_ID,
};

export const socialSignInConfigured = Boolean(firebaseConfig.apiKey && firebaseConfig.projectId);
