import { Component, type ReactNode } from 'react';
import { ScreenLoadTimeoutError } from './lazy-screen';

interface Props {
  children: ReactNode;
  timeoutText: string;
  failedText: string;
  retryText: string;
}

/**
 * Shows a clear message when a screen fails or takes over 120 s to load: plain elements styled in
 * index.html, since the code that failed to load may be MUI's own.
 */
export class ScreenBoundary extends Component<Props, { error: Error | null }> {
  override state = { error: null as Error | null };

  static getDerivedStateFromError(error: Error) {
    return { error };
  }

  override render() {
    const { error } = this.state;
    if (!error) return this.props.children;
    const text =
      error instanceof ScreenLoadTimeoutError ? this.props.timeoutText : this.props.failedText;
    return (
      <div role="alert" className="rumbo-screen-error">
        <p>{text}</p>
        <button type="button" onClick={() => window.location.reload()}>
          {this.props.retryText}
        </button>
      </div>
    );
  }
}
