// User-facing texts of one domain; the specification's quotes are copied word for word.

export const resetMessages = {
  enterEmail: 'Please enter your email address',
  fillAll: 'Please fill in all fields',
  mismatch: 'Passwords do not match',
  requested: 'If an account exists for that email, a link to reset its password is on its way.',
  done: 'Your password has been reset. You can now log in.',
  invalid: 'This reset link is invalid or has expired. Please ask for a new one.',
  checkEmail: 'Check Your Email',
  backToLogin: 'Back to Login',
  requestTitle: 'Reset Password',
  sendLink: 'Send Reset Link',
  sending: 'Sending...',
  tryAgain: "Didn't receive it? Try again",
  newPasswordTitle: 'Choose a New Password',
  resetButton: 'Reset Password',
  resetting: 'Resetting...',
  requestNewLink: 'Ask for a new link',
  requestIntro:
    'Enter the email address of your account and we will send you a link to choose a new password.',
  linkNote: 'The link works once and for one hour. Check your spam folder if it does not arrive.',
  newPassword: 'New password',
  confirmPassword: 'Confirm new password',
  takingYouToLogin: 'Taking you to the login page…',
} as const;
