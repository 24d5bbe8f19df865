import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Faq } from './faq';
import { FAQS } from './home-content';

/** Whether an answer is on screen (a closed panel is in the DOM but `hidden`). */
function shown(text: string): boolean {
  const element = screen.queryByText(text);
  return element !== null && element.closest('[hidden]') === null;
}

describe('Faq', () => {
  it('lists the six questions, all closed at first', () => {
    render(<Faq items={FAQS} />);
    const questions = screen.getAllByRole('button');
    expect(questions).toHaveLength(6);
    for (const question of questions) expect(question.getAttribute('aria-expanded')).toBe('false');
    expect(shown(FAQS[0].answer)).toBe(false);
  });

  it('opens one answer at a time', () => {
    render(<Faq items={FAQS} />);
    const first = screen.getByRole('button', { name: FAQS[0].question });
    const second = screen.getByRole('button', { name: FAQS[1].question });

    fireEvent.click(first);
    expect(first.getAttribute('aria-expanded')).toBe('true');
    expect(shown(FAQS[0].answer)).toBe(true);

    fireEvent.click(second);
    expect(second.getAttribute('aria-expanded')).toBe('true');
    expect(first.getAttribute('aria-expanded')).toBe('false');
    expect(shown(FAQS[1].answer)).toBe(true);
    expect(shown(FAQS[0].answer)).toBe(false);

    fireEvent.click(second);
    expect(second.getAttribute('aria-expanded')).toBe('false');
    expect(shown(FAQS[1].answer)).toBe(false);
  });
});
