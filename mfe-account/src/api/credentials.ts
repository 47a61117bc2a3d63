// The address and password calls (services/src/account/credential-routes.ts), through the kit's API client.
import { apiJson } from '@studio/kit';

interface Reply {
  success: boolean;
  message: string;
}

export const verifyEmail = (token: string) => apiJson<Reply>('POST', '/api/email/verify', { token });

export const resendVerification = () => apiJson<Reply>('POST', '/api/email/verification', {});

export const forgotPassword = (email: string) => apiJson<Reply>('POST', '/api/password/forgot', { email });

export const resetPassword = (token: string, password: string) =>
  apiJson<Reply>('POST', '/api/password/reset', { token, password });

export const changePassword = (currentPassword: string, newPassword: string) =>
  apiJson<Reply>('POST', '/api/user/password', { currentPassword, newPassword });
