import type { DatedBooking } from '@sherehe/shared/schemas/bookings';

export const CLIENT_ID = '0a0a0a0a-0000-4000-8000-000000000001';
export const PLANNER_ID = '0a0a0a0a-0000-4000-8000-000000000002';
export const ADMIN_ID = '0a0a0a0a-0000-4000-8000-000000000003';
export const PACKAGE_ID = '0a0a0a0a-0000-4000-8000-0000000000aa';
export const BOOKING_ID = '0a0a0a0a-0000-4000-8000-0000000000bb';

/** A request for a day (an enquiry: `kind: 'enquiry'`, and null days when undated, as the test needs). */
export function makeBooking(overrides: Partial<DatedBooking> = {}): DatedBooking {
  return {
    _id: BOOKING_ID,
    package: {
      _id: PACKAGE_ID,
      title: 'Garden Wedding',
      image: null,
      imageThumb: null,
      location: 'Nairobi',
      deleted: false,
    },
    client: { _id: CLIENT_ID, username: 'Grace Wanjiku' },
    planner: { _id: PLANNER_ID, username: 'Wanjiru Events' },
    kind: 'booking',
    date: '2030-12-14T00:00:00.000Z',
    eventDate: '2030-12-14',
    guests: null,
    budget: null,
    message: 'About 150 guests.',
    status: 'pending',
    cancellationPolicy: 'moderate',
    price: 450000,
    depositAmount: 135000,
    amountPaid: 0,
    amountRefunded: 0,
    balanceDue: 450000,
    paymentStatus: 'unpaid',
    balanceDueOn: '2030-12-07',
    quote: null,
    createdAt: '2026-01-01T00:00:00.000Z',
    updatedAt: '2026-01-01T00:00:00.000Z',
    ...overrides,
  };
}
