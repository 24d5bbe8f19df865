// User-facing texts of one domain; the specification's quotes are copied word for word.
import { BOOKING_HORIZON_YEARS } from '../booking-dates';

export const packagesMessages = {
  noneYet: 'No packages available yet.',
  loadFailed: 'Failed to load packages. Please refresh the page.',
  notFound: 'Package not found.',
  priceRange: 'minPrice cannot be more than maxPrice.',
  /** The browse filter "free on a day" asked for a day nobody can book. */
  freeOnPast: 'Choose today or a later day to see who is free.',
  freeOnTooFar: `Choose a day within the next ${BOOKING_HORIZON_YEARS} years to see who is free.`,
  /** On a card: who offers the package. */
  plannerLabel: 'Planner:',
  viewAndBook: 'View & Book',
  seeAll: 'See All Packages',
  loadDetailsFailed: 'Failed to load package details',
  loadOneFailed: 'Failed to load package',
  created: 'Package created successfully!',
  updated: 'Package updated successfully!',
  deleted: 'Package deleted successfully!',
  notYours: 'You can only change your own packages.',
  notListed: 'Not in the catalogue: its planner no longer offers packages, so it cannot be booked.',
  limitReached: (max: number) =>
    `Your plan allows ${max} package${max === 1 ? '' : 's'}. Please upgrade your plan to publish more.`,
  imageRequired: 'Please choose an image for the package.',
  categoryMissing: 'Please choose an existing category.',
  book: 'Book',
  moreDetails: 'More Details',
  allCategories: 'All categories',
  uncategorized: 'Uncategorized',
  pageOf: (page: number, pages: number) => `Page ${page} of ${pages}`,
  viewAll: (count: number) => `View all packages (${count})`,
  byPlanner: (name: string) => `Packages by ${name}`,
  noMatches: 'No packages match your search.',
  /** A search whose count stopped at `count` (the API's totalCapped): "1,000+ packages found". */
  foundAtLeast: (count: number) => `${count.toLocaleString('en-US')}+ packages found`,
  createPackage: 'Create Package',
  viewPricingPlans: 'View Pricing Plans',
  categoryLabel: 'Category:',
  locationLabel: 'Location:',
  loading: 'Loading packages…',
  noPhoto: 'No photo yet',
  /** A card's review count, beside its stars. */
  reviewCount: (count: number) => `${count} review${count === 1 ? '' : 's'}`,
  ratedFrom: (average: string, count: number) =>
    `Rated ${average} out of 5 from ${count} review${count === 1 ? '' : 's'}`,
} as const;
