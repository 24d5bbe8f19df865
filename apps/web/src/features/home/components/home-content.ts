import { homeMessages } from '@sherehe/shared/messages';
import { PLAN_DEFINITIONS } from '@sherehe/shared/plans';
import { site } from '@/config/site';

/** The landing page's lists: their words from homeMessages, with the figures they show. */

const free = PLAN_DEFINITIONS.find((plan) => plan.id === 'free');

export const HOW_IT_WORKS = homeMessages.howItWorks;

export const IMPACT = [
  { value: 1000, label: homeMessages.impact.eventsBooked },
  { value: 500, label: homeMessages.impact.planners },
  { value: 2000, label: homeMessages.impact.clients },
  { value: 350, label: homeMessages.impact.reviews },
] as const;

export const FEATURES = homeMessages.features;
export const AUDIENCES = homeMessages.audiences;
export const REASONS = homeMessages.reasons;

export const FAQS = homeMessages.faqs({
  freeBookings: free?.features.maxBookingsPerMonth ?? 1,
  freePackages: free?.features.maxPackages ?? 3,
  email: site.email,
});
