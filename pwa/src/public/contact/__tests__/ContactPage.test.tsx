import { fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockFetch, sentBody } from '../../../test/helpers';
import { renderScreen } from '../../../test/render';
import ContactPage from '../ContactPage';

const type = (label: RegExp, value: string) =>
  fireEvent.change(screen.getByLabelText(label), { target: { value } });
const send = () => fireEvent.click(screen.getByRole('button', { name: 'Send Message' }));

function fillValid() {
  type(/^name/i, 'Ann Lee');
  type(/^email/i, 'ann@acme.test');
  type(/^subject/i, 'Team plan');
  type(/^message/i, 'We are 12 people.');
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('ContactPage', () => {
  it('requires name, email, subject and message; company is optional', () => {
    const fetch = mockFetch(() => ({ status: 201, body: {} }));
    renderScreen('/contact', <ContactPage />);
    send();
    for (const text of [
      'Name is required',
      'Email is required',
      'Subject is required',
      'Message is required',
    ])
      expect(screen.getByText(text)).toBeInTheDocument();
    expect(screen.queryByText('Company is required')).not.toBeInTheDocument();
    type(/^email/i, 'not-an-email');
    expect(screen.getByText('Invalid email address')).toBeInTheDocument();
    expect(fetch).not.toHaveBeenCalled();
  });

  it('strips < and > as they are typed', () => {
    renderScreen('/contact', <ContactPage />);
    type(/^name/i, '<b>Ann</b>');
    expect(screen.getByLabelText(/^name/i)).toHaveValue('bAnn/b');
    type(/^company/i, 'A<c>me');
    expect(screen.getByLabelText(/^company/i)).toHaveValue('Acme');
  });

  it('sends the message and shows the success text', async () => {
    const fetch = mockFetch(() => ({ status: 201, body: { success: true, message: 'stored' } }));
    renderScreen('/contact', <ContactPage />);
    fillValid();
    send();
    expect(
      await screen.findByText("Thank you for your message! We'll get back to you soon."),
    ).toBeInTheDocument();
    expect(fetch.mock.calls[0]?.[0]).toBe('/api/public/contact');
    expect(sentBody(fetch)).toEqual({
      name: 'Ann Lee',
      email: 'ann@acme.test',
      subject: 'Team plan',
      message: 'We are 12 people.',
      company: null,
    });
    expect(screen.getByLabelText(/^name/i)).toHaveValue('');
  });

  it('shows the failure text when sending fails', async () => {
    mockFetch(() => ({
      status: 500,
      body: { statusCode: 500, error: 'Internal Server Error', message: 'boom' },
    }));
    renderScreen('/contact', <ContactPage />);
    fillValid();
    send();
    expect(
      await screen.findByText('An unexpected error occurred. Please try again later.'),
    ).toBeInTheDocument();
  });
});
