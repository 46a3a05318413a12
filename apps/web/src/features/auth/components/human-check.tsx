import 'altcha';
import type { AltchaWidgetElement } from 'altcha';
import { forwardRef, useEffect, useImperativeHandle, useRef } from 'react';

export interface HumanCheckHandle {
  /** The proof-of-work payload, solving the challenge first when needed. */
  getPayload(): Promise<string>;
  /** Fetches a new challenge (each payload is single use). */
  reset(): void;
}

/**
 * The invisible ALTCHA proof-of-work check: the challenge is solved in the page as soon as it
 * loads, and its payload is sent as `token` with the recovery calls.
 */
export const HumanCheck = forwardRef<HumanCheckHandle, { challengeUrl: string; language: string }>(
  function HumanCheck({ challengeUrl, language }, ref) {
    const widget = useRef<AltchaWidgetElement | null>(null);
    const payload = useRef<string | null>(null);

    useEffect(() => {
      const el = widget.current;
      if (!el) return;
      const onState = (event: Event) => {
        const detail = (event as CustomEvent<{ state: string; payload?: string }>).detail;
        payload.current = detail.state === 'verified' && detail.payload ? detail.payload : null;
      };
      el.addEventListener('statechange', onState);
      return () => el.removeEventListener('statechange', onState);
    }, []);

    useImperativeHandle(ref, () => ({
      async getPayload() {
        if (payload.current) return payload.current;
        const el = widget.current;
        if (!el) throw new Error('human check not ready');
        const result = await el.verify();
        if (!result?.payload) throw new Error('human check failed');
        payload.current = result.payload;
        return result.payload;
      },
      reset() {
        payload.current = null;
        widget.current?.reset();
        void widget.current?.verify();
      },
    }));

    return (
      <altcha-widget
        ref={widget}
        challenge={challengeUrl}
        display="invisible"
        auto="onload"
        language={language}
        name="altcha"
        workers={2}
      />
    );
  },
);
