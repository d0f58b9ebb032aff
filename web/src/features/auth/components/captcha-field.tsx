import type {} from 'altcha/types/react';
import { useEffect, useRef, useState } from 'react';

type WidgetEvent = CustomEvent<{ state?: string; payload?: string }>;

/**
 * The ALTCHA proof-of-work check (self-hosted: the challenge comes from our api). The widget's
 * code loads only when a form with a captcha is shown, and it starts solving at once, so it is
 * usually done (1–2 s on a phone) before the person has typed their password. Remount it (a new
 * `key`) to clear it, as switching between sign-in and reset does.
 */
export function CaptchaField({ onChange }: { onChange(payload: string): void }) {
  const widget = useRef<HTMLElement>(null);
  const [loaded, setLoaded] = useState(false);
  const [state, setState] = useState('loading');
  const changed = useRef(onChange);
  changed.current = onChange;

  useEffect(() => {
    let active = true;
    import('altcha').then(
      () => {
        if (!active) return;
        setLoaded(true);
        setState('unverified');
      },
      () => active && setState('error'),
    );
    return () => {
      active = false;
    };
  }, []);

  useEffect(() => {
    const element = widget.current;
    if (!loaded || !element) return;
    const onState = (event: Event) => {
      const { state: next, payload } = (event as WidgetEvent).detail ?? {};
      if (!next) return;
      setState(next);
      changed.current(next === 'verified' && payload ? payload : '');
    };
    element.addEventListener('statechange', onState);
    return () => element.removeEventListener('statechange', onState);
  }, [loaded]);

  return (
    <div data-captcha-state={state} className="min-h-16">
      {state === 'error' && (
        <p className="text-sm text-red-700">
          The verification could not load. Check your connection and reload the page.
        </p>
      )}
      {!loaded ? (
        <p className="text-sm text-gray-600">Loading verification...</p>
      ) : (
        <altcha-widget ref={widget} challenge="/api/account/captcha" auto="onload" />
      )}
    </div>
  );
}
