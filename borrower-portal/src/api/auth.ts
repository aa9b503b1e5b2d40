import type {
  EmailCodeSent,
  Me,
  Message,
  PhoneCodeSent,
  PhoneProof,
  Profile,
  Registered,
  SignedIn,
  SocialSignedIn,
  UpdateProfileBody,
} from '@lending/web-common/api';
import { getDeviceId } from '@lending/web-common/session';
import { api } from '@lending/web-common/http';

export type { Profile };

export const login = (credentials: { email: string } | { phone: string }, password: string) =>
  api<SignedIn>('/auth/login', { method: 'POST', body: { ...credentials, password, deviceId: getDeviceId() } });
export const register = (body: { name: string; email: string; phone: string; password: string }) =>
  api<Registered>('/auth/register', { method: 'POST', body: { ...body, deviceId: getDeviceId() } });
export const socialSignIn = (idToken: string) =>
  api<SocialSignedIn>('/auth/social', { method: 'POST', body: { idToken, deviceId: getDeviceId() } });
export const forgotPassword = (email: string) => api<Message>('/auth/forgot-password', { method: 'POST', body: { email } });
export const resetPassword = (id: string, password: string) =>
  api<Message>('/auth/reset-password', { method: 'POST', body: { id, password } });

export const getMe = (signal?: AbortSignal) => api<Me>('/me', { signal });
export const getProfile = (signal?: AbortSignal) => api<Profile>('/me/profile', { signal });
export const updateProfile = (body: UpdateProfileBody) => api<Profile>('/me/profile', { method: 'PUT', body });

/** The email on the profile is proven by a code sent to it; the confirmation answers the profile, emailVerified true. */
export const sendEmailCode = () => api<EmailCodeSent>('/me/email-verification', { method: 'POST', body: {} });
export const confirmEmailCode = (code: string) => api<Profile>('/me/email-verification/confirm', { method: 'POST', body: { code } });

/** A new phone is proven before it is saved: a code sent to it (purpose phone), whose proof goes with the change. */
export const sendPhoneCode = (phone: string) => api<PhoneCodeSent>('/public/otp', { method: 'POST', body: { phone, purpose: 'phone' } });
export const verifyPhoneCode = (phone: string, code: string) =>
  api<PhoneProof>('/public/otp/verify', { method: 'POST', body: { phone, purpose: 'phone', code } });
