/**
 * Where Africa's Talking posts delivery reports and incoming messages: set once in its dashboard
 * (SMS > Callback URLs), each ending in AT_CALLBACK_SECRET so that only who was told it can post
 * there. The simulator posts to the same addresses.
 */
export function smsDeliveryReportUrl(publicUrl: string, callbackSecret: string): string {
  return `${publicUrl}/api/sms/delivery-reports/${callbackSecret}`;
}

export function smsInboundUrl(publicUrl: string, callbackSecret: string): string {
  return `${publicUrl}/api/sms/inbound/${callbackSecret}`;
}
