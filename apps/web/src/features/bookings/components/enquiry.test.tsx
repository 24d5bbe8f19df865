import { enquiriesMessages } from '@sherehe/shared/messages';
import type { Booking } from '@sherehe/shared/schemas/bookings';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { CLIENT_ID, makeBooking, PACKAGE_ID, PLANNER_ID } from '@/test/booking-fixtures';
import { callsTo, jsonResponse, mockFetch, signedOut } from '@/test/fetch-mock';
import { renderWithApp } from '@/test/render';
import { bookingActionsFor } from './booking-actions';
import { BookingCard } from './booking-card';
import { EnquiryForm } from './enquiry-form';

/** An enquiry from a planner's profile: no package, no day. */
const undated: Booking = {
  ...makeBooking(),
  kind: 'enquiry',
  date: null,
  eventDate: null,
  guests: 120,
  budget: 200000,
  package: { _id: null, title: '', image: null, imageThumb: null, location: '', deleted: false },
};

describe('an enquiry on the bookings page', () => {
  it('is labelled, named after its planner, and says its date is to be agreed', () => {
    mockFetch(signedOut());
    renderWithApp(<BookingCard booking={undated} user={{ _id: PLANNER_ID, role: 'planner' }} />);
    expect(screen.getByText(enquiriesMessages.label)).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Enquiry to Wanjiru Events' })).toBeTruthy();
    expect(screen.getByText('Date to be agreed')).toBeTruthy();
    expect(screen.getByText('120')).toBeTruthy();
    expect(screen.queryByText('Package deleted')).toBeNull();
  });

  it('offers the planner Reject but never Accept, and the client Cancel', () => {
    expect(bookingActionsFor({ _id: PLANNER_ID, role: 'planner' }, undated)).toEqual(['rejected']);
    const dated = { ...undated, eventDate: '2030-12-14', date: '2030-12-14T00:00:00.000Z' };
    expect(bookingActionsFor({ _id: PLANNER_ID, role: 'planner' }, dated)).toEqual(['rejected']);
    expect(bookingActionsFor({ _id: CLIENT_ID, role: 'client' }, undated)).toEqual(['cancelled']);
  });
});

describe('the enquiry form', () => {
  it('asks for a message, then sends the package, planner and only what was given', async () => {
    const fetchMock = mockFetch({
      ...signedOut(),
      'POST /api/bookings/enquiries': () =>
        jsonResponse({ success: true, message: enquiriesMessages.sent, booking: undated }, 201),
    });
    let sent: Booking | undefined;
    renderWithApp(
      <EnquiryForm
        packageId={PACKAGE_ID}
        plannerId={PLANNER_ID}
        onSent={(reply) => {
          sent = reply.booking;
        }}
      />,
    );
    fireEvent.click(screen.getByRole('button', { name: enquiriesMessages.submit }));
    expect(await screen.findByText(enquiriesMessages.messageRequired)).toBeTruthy();
    expect(callsTo(fetchMock, 'POST /api/bookings/enquiries')).toHaveLength(0);

    fireEvent.change(screen.getByLabelText(enquiriesMessages.guestsLabel), { target: { value: '0' } });
    fireEvent.change(screen.getByLabelText(enquiriesMessages.messageLabel), { target: { value: 'Hello' } });
    fireEvent.click(screen.getByRole('button', { name: enquiriesMessages.submit }));
    expect(await screen.findByText(enquiriesMessages.guestsInvalid)).toBeTruthy();

    fireEvent.change(screen.getByLabelText(enquiriesMessages.guestsLabel), { target: { value: '120' } });
    fireEvent.click(screen.getByRole('button', { name: enquiriesMessages.submit }));
    await waitFor(() => expect(sent).toBeDefined());
    const [, init] = callsTo(fetchMock, 'POST /api/bookings/enquiries')[0]!;
    expect(JSON.parse(String((init as RequestInit).body))).toEqual({
      package: PACKAGE_ID,
      planner: PLANNER_ID,
      eventDate: null,
      guests: 120,
      budget: null,
      message: 'Hello',
    });
  });
});
