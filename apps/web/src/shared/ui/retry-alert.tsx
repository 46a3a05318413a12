import ErrorOutlineIcon from '@mui/icons-material/ErrorOutlineOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { errorMessage } from '../api/error-message';
import { useTranslation } from '../i18n/use-translation';

/** A failed load inside a card or dialog: an error line with a small retry button at its end. */
export function RetryAlert(props: {
  onRetry: () => void;
  retryLabel: string;
  children: ReactNode;
}) {
  return (
    <Alert
      severity="error"
      action={
        <Button color="inherit" size="small" onClick={props.onRetry}>
          {props.retryLabel}
        </Button>
      }
    >
      {props.children}
    </Alert>
  );
}

/** A screen's failed load: an icon, what failed, why, and a retry button, centred in a card. */
export function RetryPanel(props: {
  testId: string;
  title: ReactNode;
  error: unknown;
  onRetry: () => void;
  retryLabel: string;
}) {
  const { t } = useTranslation();
  return (
    <Paper variant="outlined" sx={{ p: 3, textAlign: 'center' }} data-testid={props.testId}>
      <ErrorOutlineIcon color="error" />
      <Typography sx={{ my: 1 }}>{props.title}</Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
        {errorMessage(props.error, t)}
      </Typography>
      <Button variant="contained" onClick={props.onRetry}>
        {props.retryLabel}
      </Button>
    </Paper>
  );
}

/** A failed load in a card: what failed, in quiet text, with an outlined retry button beside it. */
export function RetryLine(props: { onRetry: () => void; retryLabel: string; children: ReactNode }) {
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, flexWrap: 'wrap' }}>
      <Typography color="text.secondary" sx={{ flex: '1 1 200px' }}>
        {props.children}
      </Typography>
      <Button variant="outlined" onClick={props.onRetry}>
        {props.retryLabel}
      </Button>
    </Box>
  );
}
