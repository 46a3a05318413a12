import type { AltchaWidgetElement } from 'altcha';
import type { DetailedHTMLProps, HTMLAttributes } from 'react';

// The widget is a custom element; these are the attributes Rumbo sets.
declare module 'react' {
  namespace JSX {
    interface IntrinsicElements {
      'altcha-widget': DetailedHTMLProps<
        HTMLAttributes<AltchaWidgetElement>,
        AltchaWidgetElement
      > & {
        challenge?: string;
        display?: 'standard' | 'bar' | 'floating' | 'overlay' | 'invisible';
        auto?: 'off' | 'onfocus' | 'onload' | 'onsubmit';
        language?: string;
        name?: string;
        workers?: number;
      };
    }
  }
}
