// User-facing texts of one domain; the specification's quotes are copied word for word.

/**
 * The /terms and /privacy pages, section by section. A change of wording that people must accept
 * again also gets a new version in legal.ts.
 */
export const legalPagesMessages = {
  version: (date: string) => `Version of ${date}`,
  toProfile: 'Go to your profile',
  toContact: 'Write to us on the contact page',
  toPrivacy: 'Read the privacy notice',
  toTerms: 'Read the terms',
  terms: {
    title: 'Terms of use',
    intro: 'The rules for using Sherehe, in plain words.',
    sections: [
      {
        heading: 'What Sherehe is',
        paragraphs: [
          'Sherehe is a marketplace in Kenya where people planning an event find event planners, book them and pay them. Planners offer their packages here; clients book them.',
        ],
      },
      {
        heading: 'Your account',
        paragraphs: [
          'Give your real name and an email address you read. Keep your password to yourself: what is done with your account is done in your name.',
        ],
      },
      {
        heading: 'Bookings and payments',
        paragraphs: [
          'A booking asks a planner for a day. It is agreed when the planner accepts it. Payments (the deposit and the balance) go through Sherehe by M-Pesa or card; Sherehe keeps its fee and pays the planner the rest.',
          'Cancellations and refunds follow the cancellation policy shown with every booking.',
        ],
      },
      {
        heading: 'What you post',
        paragraphs: [
          'Packages, reviews, chats and files must be true, polite and lawful. We may remove what is not, and close an account that misuses Sherehe.',
        ],
      },
      {
        heading: 'Leaving',
        paragraphs: [
          'You may delete your account from your profile at any time. Open bookings are then cancelled by the cancellation policy, and payment records are kept, as the law requires. The privacy notice says what is kept and for how long.',
        ],
      },
      {
        heading: 'Changes',
        paragraphs: [
          'When these terms change in a way you must accept, we publish a new version with its date and ask you to accept it.',
        ],
      },
    ],
  },
  privacy: {
    title: 'Privacy notice',
    intro: 'What Sherehe keeps about you, why, for how long, who sees it, and how to ask about it.',
    kept: {
      heading: 'What we keep',
      items: [
        'Your account: your name, email address, phone number, profile, picture and language, and your password in a scrambled form we cannot read back.',
        'Your bookings: the packages, the days, what you wrote to the planner, and what became of each booking.',
        'Your chats and the files sent in them.',
        'Your reviews, and your packages if you are a planner.',
        'Your payments and refunds: amounts, dates, M-Pesa receipt numbers and the phone number that paid; for planners, their earnings and payouts.',
        'The messages you send us from the contact page, and which version of the terms and of this notice you accepted, and when.',
      ],
    },
    why: {
      heading: 'Why we keep it',
      items: [
        'To run what you ask for: to show planners your requests, to let you chat, to take payments and give refunds, and to send you the emails and reminders of your bookings.',
        'To keep Sherehe safe from abuse and fraud.',
        'To keep the financial records the law requires.',
        'We do not sell your data, and we do not use it for advertising.',
      ],
    },
    howLong: {
      heading: 'For how long',
      items: [
        'Payment records, refunds, the ledger and payouts: seven years, because the Kenya Revenue Authority (KRA) requires financial records to be kept for seven years. They stay after you delete your account, without your name and contact details.',
        'Everything else: until you delete your account.',
        'Our servers’ logs, which record the requests made to Sherehe so we can fix faults and stop attacks: a short while, then they are deleted.',
      ],
    },
    whoSees: {
      heading: 'Who sees what',
      items: [
        'Everyone: planners’ public profiles and packages, and reviews with the name of their writer.',
        'The other side of a booking: the booking, your name, and your chat with them and its files.',
        'Sherehe’s admins: what they need to run the site and to help you, such as accounts, bookings, payments and contact messages.',
        'The companies that carry out a task for us, and only what that task needs: Safaricom (M-Pesa) and Paystack (cards) for payments, and our email service for the emails we send you.',
      ],
    },
    yourChoice: {
      heading: 'Your data, your choice',
      paragraphs: [
        'On your profile, “Download my data” gives you a file with everything we keep about you, and “Delete my account” erases your account and your personal data. Payment records are kept, as the law requires, and open bookings are cancelled by the cancellation policy.',
      ],
    },
    ask: {
      heading: 'How to ask',
      paragraphs: [
        'To ask what we keep about you, to correct it, or to complain, write to us on the contact page. You may also complain to the Office of the Data Protection Commissioner (ODPC).',
      ],
    },
  },
} as const;
