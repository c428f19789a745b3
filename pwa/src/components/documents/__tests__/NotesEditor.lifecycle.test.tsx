import { useLayoutEffect } from 'react';
import { render, screen } from '@testing-library/react';
import { MantineProvider } from '@mantine/core';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { theme } from '../../../app/theme';
import NotesEditor from '../NotesEditor';

/**
 * Issue 34.6: "Cannot read properties of null (reading 'cached')" when quotes were opened from
 * the list, 3 times in 9. Tiptap's `useEditor` creates the editor while rendering and destroys it
 * on a 1 ms timer unless its effect has marked the component mounted by then. React runs the
 * effects of a navigation after the browser has painted the new screen: when a quote's screen
 * takes longer than 1 ms to lay out and paint, the timer fires first, the editor the render
 * returned is destroyed (its schema nulled), and the notes' own effects then called `getHTML()`
 * / `setContent()` on it. `Paint` stands for that paint: it runs the due timers between the
 * commit and the effects, as a browser does.
 */
function Paint() {
  useLayoutEffect(() => {
    vi.advanceTimersByTime(5);
  });
  return null;
}

function QuoteScreen({ quote }: { quote: number }) {
  return (
    <MantineProvider theme={theme}>
      <div key={quote}>
        <NotesEditor value={`<p>Notes of quote ${quote}</p>`} onChange={() => undefined} />
        <Paint />
      </div>
    </MantineProvider>
  );
}

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
});
afterEach(() => {
  vi.useRealTimers();
});

describe('NotesEditor opened from the quotes list (issue 34.6)', () => {
  it('opens quote after quote, each painted before its effects run, without a crash', () => {
    const { rerender } = render(<QuoteScreen quote={1} />);
    for (let quote = 1; quote <= 9; quote++) {
      expect(() => rerender(<QuoteScreen quote={quote} />), `quote ${quote}`).not.toThrow();
      vi.advanceTimersByTime(5);
      expect(screen.getByRole('textbox', { name: 'Notes' })).toHaveTextContent(
        `Notes of quote ${quote}`,
      );
    }
  });
});
