import type { SignedIn } from '../session/session';
import { getDeviceId } from '../session/storage';
import { api } from './client';

export type Profile = { id: string; _id: string; name: string; email: string; phone: string | null; role: string; createdAt?: string };

export const login = (credentials: { email: string } | { phone: string }, password: string) =>
  api<SignedIn>('/auth/login', { method: 'POST', body: { ...credentials, password, deviceId: getDeviceId() } });
export const register = (body: { name: string; email: string; phone: string; password: string }) =>
  api<SignedIn>('/auth/register', { method: 'POST', body: { ...body, deviceId: getDeviceId() } });
export const socialSignIn = (idToken: string) => api<SignedIn & { created: boolean }>('/auth/social', { method: 'POST', body: { idToken, deviceId: getDeviceId() } });
export const forgotPassword = (email: string) => api<{ message: string }>('/auth/forgot-password', { method: 'POST', body: { email } });
export const resetPassword = (id: string, password: string) => api<{ message: string }>('/auth/reset-password', { method: 'POST', body: { id, password } });

export const getMe = (signal?: AbortSignal) => api<{ user: Profile }>('/me', { signal });
export const getProfile = (signal?: AbortSignal) => api<Profile>('/me/profile', { signal });
export const updateProfile = (body: { name?: string; phone?: string }) => api<Profile>('/me/profile', { method: 'PUT', body });
