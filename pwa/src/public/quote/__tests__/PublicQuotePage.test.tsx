import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockFetch } from '../../../test/helpers';
import { renderScreen } from '../../../test/render';
import PublicQuotePage from '../PublicQuotePage';
import { failureText, formFields } from '../quote-api';

const ROUTE = '/quote/:tenantId/:quoteId/view';
const QUOTE_HTML = `<!doctype html><html><body><h1>Quote Q-7</h1>
<form method="post" action="/api/quotes/t1/q1/accept"><input type="hidden" name="token" value="tok"><button type="submit">Accept</button></form>
<form method="post" action="/api/quotes/t1/q1/reject"><input type="hidden" name="token" value="tok"><button type="submit">Reject</button></form>
<script>window.parent.hacked = true</script></body></html>`;

afterEach(() => {
  vi.unstubAllGlobals();
});

const frame = () => screen.getByTitle('Quote') as HTMLIFrameElement;

describe('PublicQuotePage', () => {
  it('needs tenant, quote and token', () => {
    const fetch = mockFetch(() => ({ text: '' }));
    renderScreen(ROUTE, <PublicQuotePage />, '/quote/t1/q1/view');
    expect(screen.getByText('Invalid quote URL. Missing required parameters.')).toBeInTheDocument();
    expect(fetch).not.toHaveBeenCalled();
  });

  it('shows Loading quote... then the server HTML in a sandboxed iframe without scripts', async () => {
    const fetch = mockFetch(() => ({ text: QUOTE_HTML }));
    renderScreen(ROUTE, <PublicQuotePage />, '/quote/t1/q1/view?token=a%20b');
    expect(screen.getByText('Loading quote...')).toBeInTheDocument();
    await waitFor(() => expect(frame()).toBeInTheDocument());
    expect(fetch.mock.calls[0]?.[0]).toBe('/api/quotes/t1/q1/view?token=a%20b');
    expect(frame().getAttribute('srcdoc')).toBe(QUOTE_HTML);
    const sandbox = frame().getAttribute('sandbox') ?? '';
    expect(sandbox.split(' ')).not.toContain('allow-scripts');
    expect(sandbox.split(' ')).toContain('allow-forms');
  });

  it('shows the server text, or the fallback, under Something went wrong', async () => {
    mockFetch(() => ({
      status: 410,
      body: { statusCode: 410, error: 'Gone', message: 'This quote link has expired.' },
    }));
    const first = renderScreen(ROUTE, <PublicQuotePage />, '/quote/t1/q1/view?token=x');
    expect(await screen.findByText('Something went wrong')).toBeInTheDocument();
    expect(screen.getByText('This quote link has expired.')).toBeInTheDocument();
    first.unmount();
    mockFetch(() => ({ status: 500, text: '' }));
    renderScreen(ROUTE, <PublicQuotePage />, '/quote/t1/q1/view?token=x');
    expect(
      await screen.findByText('Failed to load quote. It may have expired or been removed.'),
    ).toBeInTheDocument();
  });

  it('posts the Accept form as x-www-form-urlencoded and shows the returned HTML', async () => {
    const fetch = mockFetch((url, init) =>
      init?.method === 'POST'
        ? { text: '<html><body><p>Thank you, quote accepted.</p></body></html>' }
        : { text: QUOTE_HTML },
    );
    renderScreen(ROUTE, <PublicQuotePage />, '/quote/t1/q1/view?token=tok');
    await waitFor(() => expect(frame()).toBeInTheDocument());
    // jsdom does not render srcdoc; put the same markup into the frame's document.
    const doc = frame().contentDocument;
    if (!doc) throw new Error('iframe has no document');
    doc.body.innerHTML = new DOMParser().parseFromString(QUOTE_HTML, 'text/html').body.innerHTML;
    fireEvent.load(frame());
    const accept = doc.querySelector('form[action$="/accept"]') as HTMLFormElement;
    fireEvent.submit(accept);
    await waitFor(() => expect(fetch).toHaveBeenCalledTimes(2));
    const [url, init] = fetch.mock.calls[1] ?? [];
    expect(url).toBe('/api/quotes/t1/q1/accept');
    expect(init?.method).toBe('POST');
    expect((init?.headers as Record<string, string>)['Content-Type']).toBe(
      'application/x-www-form-urlencoded',
    );
    expect(init?.body).toBe('token=tok');
    await waitFor(() =>
      expect(frame().getAttribute('srcdoc')).toContain('Thank you, quote accepted.'),
    );
  });
});

describe('quote helpers', () => {
  it('collects successful controls and the submitter', () => {
    const form = document.createElement('form');
    form.innerHTML = `<input name="token" value="t"><input type="checkbox" name="off"><input type="checkbox" name="on" checked value="y">
      <input name="gone" disabled value="z"><button name="decision" value="accept">Accept</button>`;
    const button = form.querySelector('button');
    expect(formFields(form, button).toString()).toBe('token=t&on=y&decision=accept');
  });

  it('extracts readable failure text', () => {
    expect(failureText('{"message":"Expired"}', 'fb')).toBe('Expired');
    expect(
      failureText('<html><body><h1>Quote  not found</h1><script>x()</script></body></html>', 'fb'),
    ).toBe('Quote not found');
    expect(
      failureText(
        '<!doctype html><html><body><main><h1>Quote not found</h1><p class="muted">Failed to load quote. It may have expired or been removed.</p></main></body></html>',
        'fb',
      ),
    ).toBe('Quote not found. Failed to load quote. It may have expired or been removed.');
    expect(failureText('', 'fb')).toBe('fb');
    expect(failureText('plain words', 'fb')).toBe('plain words');
  });
});
