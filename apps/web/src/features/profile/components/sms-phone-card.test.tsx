import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { expectNoAxeViolations } from '@/test/axe';
import { callsTo, fieldRefusal, jsonResponse, mockFetch, signedInAs } from '@/test/fetch-mock';
import { makeUser } from '@/test/fixtures';
import { renderWithApp } from '@/test/render';
import ProfilePage from '../pages/profile-page';

afterEach(() => vi.restoreAllMocks());

const none = { phone: null, verifiedAt: null, stopped: false };
const verifiedState = { phone: '254712345678', verifiedAt: '2026-03-01T09:00:00.000Z', stopped: false };

async function section() {
  const heading = await screen.findByRole('heading', { name: 'Phone for SMS' });
  return heading.closest('section') as HTMLElement;
}

const bodyOf = (fetchMock: ReturnType<typeof mockFetch>, key: string) =>
  JSON.parse(String(callsTo(fetchMock, key)[0]?.[1]?.body));

describe('Phone for SMS on the profile', () => {
  it('sends a code to the number, takes the code back, and shows the number verified', async () => {
    const fetchMock = mockFetch({
      ...signedInAs(makeUser()),
      'GET /api/user/phone': () => jsonResponse({ success: true, smsPhone: none }),
      'POST /api/user/phone/verify/start': () =>
        jsonResponse({
          success: true,
          message: 'We sent you a code by SMS. It expires in 10 minutes.',
          phone: '254712345678',
          expiresAt: '2026-03-01T09:10:00.000Z',
        }),
      'POST /api/user/phone/verify': () =>
        jsonResponse({
          success: true,
          message: 'Your number is verified: SMS notices will go to it.',
          smsPhone: verifiedState,
        }),
    });
    renderWithApp(<ProfilePage />, { route: '/profile' });
    const card = await section();
    await expectNoAxeViolations(card);

    // A number that is not a Kenyan mobile one is refused here, and read out.
    const number = within(card).getByLabelText('Mobile number');
    fireEvent.change(number, { target: { value: '12345' } });
    fireEvent.click(within(card).getByRole('button', { name: 'Send code' }));
    const refusal = 'Enter a Kenyan mobile number, such as 0712 345 678 or +254 712 345 678.';
    expect(within(card).getByRole('alert').textContent).toBe(refusal);
    expect(number.getAttribute('aria-invalid')).toBe('true');
    expect(callsTo(fetchMock, 'POST /api/user/phone/verify/start')).toHaveLength(0);

    fireEvent.change(number, { target: { value: '0712 345 678' } });
    fireEvent.click(within(card).getByRole('button', { name: 'Send code' }));
    const code = await within(card).findByLabelText('Code from the SMS');
    expect(bodyOf(fetchMock, 'POST /api/user/phone/verify/start')).toEqual({ phone: '254712345678' });
    expect(within(card).getByRole('status').textContent).toBe(
      'We sent you a code by SMS. It expires in 10 minutes.',
    );
    await expectNoAxeViolations(card);

    fireEvent.change(code, { target: { value: '123456' } });
    fireEvent.click(within(card).getByRole('button', { name: 'Verify' }));
    await waitFor(() => expect(within(card).getByText('0712 345 678')).toBeTruthy());
    expect(bodyOf(fetchMock, 'POST /api/user/phone/verify')).toEqual({ code: '123456' });
    expect(within(card).getByRole('status').textContent).toBe(
      'Your number is verified: SMS notices will go to it.',
    );
    expect(within(card).getByRole('button', { name: 'Remove' })).toBeTruthy();
    await expectNoAxeViolations(card);
  });

  it("reads out the server's refusal of a wrong code under the code field", async () => {
    mockFetch({
      ...signedInAs(makeUser()),
      'GET /api/user/phone': () => jsonResponse({ success: true, smsPhone: none }),
      'POST /api/user/phone/verify/start': () =>
        jsonResponse({ success: true, message: 'Sent.', phone: '254712345678', expiresAt: 'x' }),
      'POST /api/user/phone/verify': () =>
        fieldRefusal('code', 'That code is not right. Check the SMS and try again.'),
    });
    renderWithApp(<ProfilePage />, { route: '/profile' });
    const card = await section();
    fireEvent.change(within(card).getByLabelText('Mobile number'), { target: { value: '0712345678' } });
    fireEvent.click(within(card).getByRole('button', { name: 'Send code' }));
    fireEvent.change(await within(card).findByLabelText('Code from the SMS'), {
      target: { value: '000000' },
    });
    fireEvent.click(within(card).getByRole('button', { name: 'Verify' }));
    await waitFor(() =>
      expect(within(card).getByRole('alert').textContent).toBe(
        'That code is not right. Check the SMS and try again.',
      ),
    );
    expect(within(card).getByLabelText('Code from the SMS').getAttribute('aria-invalid')).toBe('true');
  });

  it('shows the verified number, a STOP reply, and removes the number', async () => {
    const fetchMock = mockFetch({
      ...signedInAs(makeUser({ smsPhone: '254712345678', smsPhoneVerifiedAt: verifiedState.verifiedAt })),
      'GET /api/user/phone': () =>
        jsonResponse({ success: true, smsPhone: { ...verifiedState, stopped: true } }),
      'DELETE /api/user/phone': () =>
        jsonResponse({
          success: true,
          message: 'Your number was removed: no SMS will be sent to you.',
          smsPhone: none,
        }),
    });
    renderWithApp(<ProfilePage />, { route: '/profile' });
    const card = await section();
    expect(within(card).getByText('0712 345 678')).toBeTruthy();
    expect(await within(card).findByText('This number replied STOP, so no SMS is sent to it.')).toBeTruthy();
    fireEvent.click(within(card).getByRole('button', { name: 'Remove' }));
    await waitFor(() => expect(within(card).queryByText('0712 345 678')).toBeNull());
    expect(callsTo(fetchMock, 'DELETE /api/user/phone')).toHaveLength(1);
    expect(within(card).getByRole('status').textContent).toBe(
      'Your number was removed: no SMS will be sent to you.',
    );
  });
});
