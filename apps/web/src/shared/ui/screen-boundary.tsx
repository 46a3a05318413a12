import Typography from '@mui/material/Typography';
import Button from '@mui/material/Button';
import Box from '@mui/material/Box';
import { Component, type ReactNode } from 'react';
import { ScreenLoadTimeoutError } from './lazy-screen';

interface Props {
  children: ReactNode;
  timeoutText: string;
  failedText: string;
  retryText: string;
}

/** Shows a clear message when a screen fails or takes over 120 s to load. */
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
      <Box
        role="alert"
        sx={{ m: 3, p: 2, display: 'flex', gap: 2, alignItems: 'center', flexWrap: 'wrap' }}
      >
        <Typography color="error" sx={{ flex: '1 1 240px' }}>
          {text}
        </Typography>
        <Button variant="outlined" color="error" onClick={() => window.location.reload()}>
          {this.props.retryText}
        </Button>
      </Box>
    );
  }
}
