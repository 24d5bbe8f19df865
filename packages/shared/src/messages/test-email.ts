// User-facing texts of one domain; the specification's quotes are copied word for word.

export const testEmailMessages = {
  sent: 'Test email sent successfully! Check your inbox.',
  failedPrefix: 'Failed to send test email: ',
  errorPrefix: 'Error: ',
  sending: 'Sending...',
  button: 'Send Test Email',
  serverFailed: 'The mail server did not accept the message. Please try again later.',
  title: 'Send a Test Email',
  backToHome: 'Back to Home',
  intro:
    'Check that email from Sherehe reaches an inbox: we send one short message to the address you enter.',
  emailLabel: 'Email address',
} as const;
