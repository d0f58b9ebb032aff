import type {} from 'altcha/types/react';
import { useEffect, useRef, useState } from 'react';

type WidgetEvent = CustomEvent<{ state?: string; payload?: string }>;

/**
 * The ALTCHA proof-of-work check (self-hosted: the challenge comes from our api). The widget's
 * code loads only when a form with a captcha is shown, and it starts solving at once, so it is
 * usually done (1–2 s on a phone) before the person has typed their password. Remount it (a new
 * `key`) to clear it, as switching between sign-in and reset does.
 */
function CaptchaField({ onChange }: { onChange(payload: string): void }) {
  const widget = useRef<HTMLElement>(null);
  // 'loading' and 'load-failed' are ours; the widget reports the rest ('verifying', 'verified'...).
  const [state, setState] = useState('loading');
  const loaded = state !== 'loading' && state !== 'load-failed';
  const changed = useRef(onChange);
  changed.current = onChange;

  useEffect(() => {
    let active = true;
    import('altcha').then(
      () => active && setState('unverified'),
      () => active && setState('load-failed'),
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
      {state === 'loading' && <p className="text-sm text-gray-600">Loading verification...</p>}
      {state === 'load-failed' && (
        <p className="text-sm text-red-700">
          The verification could not load. Check your connection and reload the page.
        </p>
      )}
      {loaded && <altcha-widget ref={widget} challenge="/api/account/captcha" auto="onload" />}
    </div>
  );
}

/**
 * A captcha field whose payload goes to `setPayload`, and `reset()` to clear it and solve a new
 * challenge: a payload is good for one try, so every failed submit resets.
 */
export function useCaptcha(setPayload: (payload: string) => void) {
  const [round, setRound] = useState(0);
  return {
    field: <CaptchaField key={round} onChange={setPayload} />,
    reset() {
      setPayload('');
      setRound((value) => value + 1);
    },
  };
}
