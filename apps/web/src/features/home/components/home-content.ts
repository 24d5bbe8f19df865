import { PLAN_DEFINITIONS } from '@sherehe/shared/plans';
import { site } from '@/config/site';

/** The landing page's copy, kept apart from its markup. */

const free = PLAN_DEFINITIONS.find((plan) => plan.id === 'free');
const freeBookings = free?.features.maxBookingsPerMonth ?? 1;
const freePackages = free?.features.maxPackages ?? 3;

export const HOW_IT_WORKS = [
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
] as const;

export const IMPACT = [
  { value: 1000, label: 'Events Booked' },
  { value: 500, label: 'Planners' },
  { value: 2000, label: 'Clients' },
  { value: 350, label: 'Reviews' },
] as const;

/** Spec §1's capabilities that the app offers today. */
export const FEATURES = [
  { title: 'Compare packages', text: 'Browse and compare planner packages by category and budget.' },
  { title: 'Book by date', text: 'Book planners for your event type and date, and follow each request.' },
  { title: 'In-app messaging', text: 'Chat with your planner about each booking without swapping numbers.' },
  { title: 'Planner dashboard', text: 'Planners manage their packages and bookings in one place.' },
  { title: 'Reviews and ratings', text: 'Ratings from clients who booked help you choose with confidence.' },
  { title: 'Subscription plans', text: 'Start free and upgrade when you need more bookings or packages.' },
] as const;

export const AUDIENCES = [
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
] as const;

export const REASONS = [
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
] as const;

export const FAQS = [
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
    answer: `The Free plan costs $0 a month. Clients can make ${freeBookings} booking a month and planners can list up to ${freePackages} packages. Upgrade whenever you need more.`,
  },
  {
    question: 'How do I contact support?',
    answer: `Send us a message from the Contact page or email ${site.email}. Enterprise subscribers get priority support.`,
  },
] as const;
