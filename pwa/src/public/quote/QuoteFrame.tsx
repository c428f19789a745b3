import { useCallback, useEffect, useRef } from 'react';
import { useLatest } from '../../lib/useLatest';

export interface QuoteFrameProps {
  html: string;
  /** Called for a submitted form inside the document; the default browser submit is always prevented. */
  onFormSubmit: (form: HTMLFormElement, submitter: Element | null) => void;
}

/**
 * Shows server HTML in a sandboxed iframe: no scripts run (no allow-scripts); allow-same-origin
 * only lets this page read the document to size it and take over its forms.
 */
export function QuoteFrame({ html, onFormSubmit }: QuoteFrameProps) {
  const frame = useRef<HTMLIFrameElement>(null);
  const submitRef = useLatest(onFormSubmit);
  const wired = useRef(new WeakSet<Document>());

  const fit = useCallback(() => {
    const iframe = frame.current;
    const doc = iframe?.contentDocument;
    if (!iframe || !doc?.documentElement) return;
    iframe.style.height = '0px';
    const height = Math.max(doc.documentElement.scrollHeight, doc.body?.scrollHeight ?? 0);
    iframe.style.height = `${Math.max(height, 320)}px`;
  }, []);

  const onLoad = useCallback(() => {
    const doc = frame.current?.contentDocument;
    if (!doc) return;
    fit();
    if (wired.current.has(doc)) return;
    wired.current.add(doc);
    doc.addEventListener(
      'submit',
      (event) => {
        event.preventDefault();
        const form = event.target as HTMLFormElement;
        submitRef.current(form, (event as SubmitEvent).submitter ?? null);
      },
      true,
    );
    // Images load after the document; refit when they do.
    doc.querySelectorAll('img').forEach((img) => img.addEventListener('load', fit));
  }, [fit, submitRef]);

  useEffect(() => {
    window.addEventListener('resize', fit);
    return () => window.removeEventListener('resize', fit);
  }, [fit]);

  return (
    <iframe
      ref={frame}
      title="Quote"
      srcDoc={html}
      sandbox="allow-same-origin allow-forms"
      referrerPolicy="no-referrer"
      onLoad={onLoad}
      style={{ width: '100%', minHeight: 320, border: 0, display: 'block', background: 'white' }}
    />
  );
}
