import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { PLANS } from '@/test/fixtures';
import { PlanCard } from './plan-card';

const [free, pro] = PLANS as [(typeof PLANS)[0], (typeof PLANS)[0]];

describe('PlanCard', () => {
  it('shows the name, the monthly price and the truthy features', () => {
    render(<PlanCard plan={pro} onChoose={() => {}} />);
    expect(screen.getByRole('heading', { name: 'Pro' })).toBeTruthy();
    expect(screen.getByText('$25/mo')).toBeTruthy();
    expect(screen.getByText('Max Bookings Per Month: 10')).toBeTruthy();
    expect(screen.getByText('Analytics')).toBeTruthy();
    expect(screen.queryByText('Priority Support')).toBeNull();
  });

  it('marks the current plan with a badge and a disabled Current Plan button', () => {
    render(<PlanCard plan={free} isCurrent onChoose={() => {}} />);
    expect(screen.getAllByText('Current Plan')).toHaveLength(2);
    const button = screen.getByRole('button', { name: 'Current Plan' }) as HTMLButtonElement;
    expect(button.disabled).toBe(true);
    expect(screen.getByText('$0/mo')).toBeTruthy();
  });

  it('offers Choose {name} on another plan', () => {
    const onChoose = vi.fn();
    render(<PlanCard plan={pro} onChoose={onChoose} />);
    expect(screen.queryByText('Current Plan')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Choose Pro' }));
    expect(onChoose).toHaveBeenCalledWith(pro);
  });

  it('disables the button where choosing is not offered (the home page)', () => {
    render(<PlanCard plan={pro} />);
    expect((screen.getByRole('button', { name: 'Choose Pro' }) as HTMLButtonElement).disabled).toBe(true);
  });
});
