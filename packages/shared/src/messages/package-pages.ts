// User-facing texts of one domain; the specification's quotes are copied word for word.

/**
 * The package pages' own texts: browse, a package's page, managing, creating and editing. Apart
 * from packagesMessages, which the home page's cards load.
 */
export const packagePagesMessages = {
  browseTitle: 'Event Packages',
  browseIntro: 'Compare planners’ packages by category, place and budget.',
  thisPlanner: 'this planner',
  allPlanners: 'Show packages of all planners',
  noMatchesHint: 'Try other words, another category or a wider price range.',
  results: 'Results',
  found: (count: number) => `${count} package${count === 1 ? '' : 's'} found`,
  filtersLabel: 'Filter packages',
  search: 'Search',
  searchPlaceholder: 'Wedding, birthday, conference…',
  filters: (active: number) => (active > 0 ? `Filters (${active})` : 'Filters'),
  category: 'Category',
  location: 'Location',
  locationPlaceholder: 'e.g. Nairobi',
  sortBy: 'Sort by',
  minPrice: 'Min price (Ksh)',
  maxPrice: 'Max price (Ksh)',
  clearFilters: 'Clear filters',
  /** The date picker: only packages whose planner can take an event that day. */
  freeOn: 'Free on',
  minRating: 'Rating',
  anyRating: 'Any rating',
  ratingAtLeast: (stars: number) => `${stars} star${stars === 1 ? '' : 's'} & up`,
  sorts: {
    newest: 'Newest',
    price_asc: 'Price: low to high',
    price_desc: 'Price: high to low',
    rating: 'Top rated',
  },
  enterNumber: 'Enter a number.',
  priceNegative: 'Price cannot be negative.',
  maxBelowMin: 'Max price cannot be less than min price.',
  loadingPackage: 'Loading the package…',
  allPackages: 'All packages',
  maybeRemoved: 'It may have been removed by its planner.',
  browseAll: 'Browse all packages',
  about: 'About this package',
  priceAndPlanner: 'Price and planner',
  price: 'Price',
  yourPlanner: 'Your planner',
  viewPlanner: 'View planner profile',
  priceLabel: 'Price:',
  plannerLabel: 'Planner:',
  noneOfYours: 'You have no packages yet.',
  noneHint: 'Packages are what clients browse and book: a title, a price, a place and a photo.',
  adminIntro: 'Every package on the marketplace.',
  plannerIntro: 'The packages you offer to clients.',
  deleteTitle: 'Delete package',
  /** The package's title (in bold) goes where `title` is. */
  deleteConfirm: <T>(title: T) =>
    ['Delete the package ', title, '? Clients will no longer see it. This cannot be undone.'] as const,
  editTitle: 'Edit Package',
  backToPackages: 'Back to packages',
  backTo: (page: string) => `Back to ${page}`,
  title: 'Title',
  description: 'Description',
  priceKsh: 'Price (Ksh)',
  chooseCategory: 'Choose a category',
  image: 'Image',
  imageOptional: 'Image (optional: choose one to replace the current image)',
  imageHint: 'A photo (JPEG, PNG, WebP, GIF or AVIF) of at most 5 MB.',
  previewAlt: 'Preview of the chosen image',
  currentAlt: 'Current image',
  previewCaption: 'The chosen image',
  currentCaption: 'The current image',
  depositPercent: 'Deposit (% of the price)',
  /** Under the deposit field: what a client pays on acceptance at the price typed, and when the rest is due. */
  depositHint: (input: { deposit: string | null; percent: number | null; days: number }) => {
    const rest = `the rest is due ${input.days} days before the event.`;
    if (input.percent === 0)
      return `Clients pay nothing when you accept; the whole price is due ${input.days} days before the event.`;
    if (input.percent === 100 && input.deposit)
      return `Clients pay the whole price, ${input.deposit}, when you accept.`;
    if (input.deposit) return `Clients pay ${input.deposit} when you accept; ${rest}`;
    return `The share of the price clients pay when you accept; ${rest}`;
  },
} as const;
