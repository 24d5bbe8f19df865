import type {
  PhoneCodeSentResponse,
  SmsPhoneMessageResponse,
  SmsPhoneResponse,
} from '@sherehe/shared/schemas/phone-verification';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { accountApiPaths } from './account-paths';

/** The signed-in user's SMS number, and whether it replied STOP. */
export function smsPhoneQueryOptions() {
  return queryOptions({
    queryKey: ['user', 'sms-phone'],
    queryFn: ({ signal }) => api.get<SmsPhoneResponse>(accountApiPaths.smsPhone, signal),
    select: (reply) => reply.smsPhone,
  });
}

export function useSmsPhone() {
  return useQuery(smsPhoneQueryOptions());
}

/** Sends a 6-digit code by SMS to `phone`. */
export function sendPhoneCode(phone: string): Promise<PhoneCodeSentResponse> {
  return api.post<PhoneCodeSentResponse>(accountApiPaths.smsPhoneStart, { phone });
}

/** Gives the code back: the number is verified. */
export function verifyPhoneCode(code: string): Promise<SmsPhoneMessageResponse> {
  return api.post<SmsPhoneMessageResponse>(accountApiPaths.smsPhoneVerify, { code });
}

export function removeSmsPhone(): Promise<SmsPhoneMessageResponse> {
  return api.delete<SmsPhoneMessageResponse>(accountApiPaths.smsPhone);
}
