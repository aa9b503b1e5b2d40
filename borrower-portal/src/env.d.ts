/// <reference types="vite/client" />

interface ImportMetaEnv {
  readonly VITE_FIREBASE_API_KEY?: string;
  readonly VITE_FIREBASE_AUTH_DOMAIN?: string;
  readonly VITE_FIREBASE_PROJECT_ID?: string;
  readonly VITE_FIREBASE_APP_ID?: string;
  readonly VITE_FIREBASE_AUTH_EMULATOR_URL?: string;
  /** Push (FCM) and analytics: the sender id, the web push VAPID public key, the Analytics measurement id. */
  readonly VITE_FIREBASE_MESSAGING_SENDER_ID?: string;
  readonly VITE_FIREBASE_VAPID_KEY?: string;
  readonly VITE_FIREBASE_MEASUREMENT_ID?: string;
  /** Origin of a real payment provider's checkout page (the sandbox is on our own origin). */
  readonly VITE_PAYMENT_PAGE_ORIGIN?: string;
}
