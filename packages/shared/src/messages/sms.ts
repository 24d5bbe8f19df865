// User-facing texts of one domain: text messages (SMS) and Africa's Talking's calls to the app.

export const smsMessages = {
  callbackForged: 'Not a call from the SMS provider.',
  callbackNotUnderstood: 'The SMS callback was not understood.',
};
