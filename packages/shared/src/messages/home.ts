// User-facing texts of one domain; the specification's quotes are copied word for word.

export const homeMessages = {
  getStarted: 'Get Started',
  explorePackages: 'Explore Packages',
  featuredTitle: 'Featured Event Packages',
  signUpFree: 'Sign Up Free',
  contactSupport: 'Contact Support',
  heroEyebrow: 'Event planning in Kenya',
  heroTitle: 'Plan your celebration with planners you can trust',
  heroText:
    "From weddings and birthdays to conferences and harambees: compare planners' packages, book your date and chat with your planner, all in one place.",
  whoWeAreTitle: 'Who We Are',
  whoWeAre:
    'Sherehe, Swahili for "celebration", is a marketplace made in Kenya for Kenyan events. We connect people and organisations planning an event with professional planners who publish clear packages and prices, so you can compare, book and keep in touch in one place.',
  howItWorksTitle: 'How It Works',
  howItWorksIntro: 'Five steps from idea to celebration.',
  howItWorks: [
    {
      title: 'Sign up',
      text: 'Create a free account as a client planning an event, or as a planner offering packages.',
    },
    {
      title: 'Browse packages',
      text: 'Compare packages by category, location and budget, with prices in Ksh.',
    },
    { title: 'Book', text: 'Pick your event date and send a booking request to the planner.' },
    { title: 'Chat', text: 'Agree on every detail with your planner in the app, per booking.' },
    { title: 'Review', text: 'After the event, rate the package and help the next client choose.' },
  ],
  impactTitle: 'Our Impact',
  impactIntro: 'Sherehe in numbers.',
  impact: { eventsBooked: 'Events Booked', planners: 'Planners', clients: 'Clients', reviews: 'Reviews' },
  plansTitle: 'Subscription Plans',
  plansIntro: 'Start free and upgrade as your events grow.',
  comparePlans: 'Compare plans on the pricing page',
  featuresTitle: 'Features',
  featuresIntro: 'Everything you need to plan, book and run events.',
  /** The landing page's capabilities that the app offers today. */
  features: [
    { title: 'Compare packages', text: 'Browse and compare planner packages by category and budget.' },
    { title: 'Book by date', text: 'Book planners for your event type and date, and follow each request.' },
    {
      title: 'In-app messaging',
      text: 'Chat with your planner about each booking without swapping numbers.',
    },
    { title: 'Planner dashboard', text: 'Planners manage their packages and bookings in one place.' },
    {
      title: 'Reviews and ratings',
      text: 'Ratings from clients who booked help you choose with confidence.',
    },
    { title: 'Subscription plans', text: 'Start free and upgrade when you need more bookings or packages.' },
  ],
  audiencesTitle: 'Who We Serve',
  audiences: [
    {
      title: 'Families and couples',
      text: 'Weddings, birthdays, baby showers, graduations and anniversaries.',
    },
    { title: 'Companies', text: 'Conferences, product launches, team retreats and end-of-year parties.' },
    {
      title: 'Churches, NGOs and communities',
      text: 'Church events, fundraisers, harambees and community gatherings.',
    },
    { title: 'Event planners', text: 'Publish your packages, take bookings and grow your business.' },
  ],
  reasonsTitle: 'Why Choose Sherehe',
  reasons: [
    {
      title: 'Clear prices in Ksh',
      text: 'Every package shows its price up front, so you can plan to your budget.',
    },
    { title: 'Local planners', text: 'Planners who know Kenyan venues, suppliers and traditions.' },
    {
      title: 'Everything in one place',
      text: 'Packages, bookings, chat and reviews together, not across apps.',
    },
    { title: 'Honest reviews', text: 'Only clients who booked a package can review it.' },
    {
      title: 'Made for phones',
      text: 'Quick to load and easy to use on any phone, even on a slow connection.',
    },
  ],
  featuredIntro: 'A few of the packages planners offer right now.',
  faqTitle: 'Frequently Asked Questions',
  /** The questions and answers, with the Free plan's limits and the support address filled in. */
  faqs: (facts: { freeBookings: number; freePackages: number; email: string }) =>
    [
      {
        question: 'What is Sherehe?',
        answer:
          "Sherehe (Swahili for 'celebration') is an event-planning marketplace for Kenya. Clients find and book planners' packages for weddings, birthdays, conferences, church, NGO and community events; planners publish their packages and manage their bookings.",
      },
      {
        question: 'How do I subscribe to a plan?',
        answer:
          'Create an account, log in and open Pricing. Choose the plan that fits you and it applies straight away. Every new account starts on the Free plan.',
      },
      {
        question: 'Can I change my plan later?',
        answer:
          'Yes, at any time. Open your dashboard and follow Change plan, or go to Pricing, and choose another plan. The change applies immediately.',
      },
      {
        question: 'How do I book a package?',
        answer:
          'Open Packages, pick the package you like, choose your event date and send the booking request. The planner accepts or declines it, and you can chat with them about the details.',
      },
      {
        question: 'What does the Free Starter plan include?',
        answer: `The Free plan costs $0 a month. Clients can make ${facts.freeBookings} booking a month and planners can list up to ${facts.freePackages} packages. Upgrade whenever you need more.`,
      },
      {
        question: 'How do I contact support?',
        answer: `Send us a message from the Contact page or email ${facts.email}. Enterprise subscribers get priority support.`,
      },
    ] as const,
  ctaTitle: 'Ready to plan your next celebration?',
  ctaText: 'Join free today, or talk to us if you have a question first.',
} as const;
