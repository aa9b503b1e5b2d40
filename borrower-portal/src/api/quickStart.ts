import type { PhoneProof, QuickStart, QuickStartFinished } from '@lending/web-common/api';
import { getDeviceId } from '@lending/web-common/session';
import { api } from '@lending/web-common/http';

export type { QuickStart, QuickStartFinished };
export type QuickStartStepName = 'basic' | 'employment' | 'income' | 'loan' | 'consents';

export const sendCode = (phone: string) => api<unknown>('/public/otp', { method: 'POST', body: { phone, purpose: 'quick-start' } });
export const verifyCode = (phone: string, code: string) =>
  api<PhoneProof>('/public/otp/verify', { method: 'POST', body: { phone, purpose: 'quick-start', code } });
export const startQuickStart = (proof: string) => api<QuickStart>('/public/quick-start', { method: 'POST', body: { proof } });
export const saveStep = (proof: string, step: QuickStartStepName, fields: object) =>
  api<QuickStart>(`/public/quick-start/steps/${step}`, { method: 'PUT', body: { proof, ...fields } });
/** How the new account signs in from now on: a password, or a social sign-in's ID token. */
export type FinishCredential = { password: string } | { idToken: string };
export const finishQuickStart = (proof: string, credential: FinishCredential) =>
  api<QuickStartFinished>('/public/quick-start/finish', { method: 'POST', body: { proof, ...credential, deviceId: getDeviceId() } });
