import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Typography from '@mui/material/Typography';
import { CopyButton } from '../../shared/fleet/vehicle-popup/copy-button';

/**
 * A secret just created (an API key, a webhook's signing secret): shown this once, with a copy
 * button, a warning and a hint on its use. `testId` names the secret (`<testId>`) and the done
 * button (`<testId>-done`).
 */
export function SecretOnceDialog(props: {
  testId: string;
  title: string;
  warning: string;
  secret: string;
  copyLabel: string;
  hint: string;
  doneLabel: string;
  onClose: () => void;
}) {
  const titleId = `${props.testId}-title`;
  return (
    <Dialog open onClose={props.onClose} maxWidth="sm" fullWidth aria-labelledby={titleId}>
      <DialogTitle id={titleId}>{props.title}</DialogTitle>
      <DialogContent>
        <Alert severity="warning" sx={{ mb: 2 }}>
          {props.warning}
        </Alert>
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
          <Typography
            component="code"
            data-testid={props.testId}
            sx={{
              fontFamily: 'monospace',
              fontSize: 13,
              wordBreak: 'break-all',
              p: 1,
              borderRadius: 1,
              bgcolor: 'action.hover',
              flex: 1,
            }}
          >
            {props.secret}
          </Typography>
          <CopyButton text={props.secret} label={props.copyLabel} />
        </Box>
        <Typography variant="body2" color="text.secondary" sx={{ mt: 2 }}>
          {props.hint}
        </Typography>
      </DialogContent>
      <DialogActions>
        <Button variant="contained" onClick={props.onClose} data-testid={`${props.testId}-done`}>
          {props.doneLabel}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
