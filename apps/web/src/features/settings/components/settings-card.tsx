import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';

/** A card of the settings screen: its title, then its content. */
export function SettingsCard({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Card variant="outlined">
      <CardContent>
        <Typography variant="h2" sx={{ mb: 2 }}>
          {title}
        </Typography>
        {children}
      </CardContent>
    </Card>
  );
}

/** A settings form's save button, at the end of its own row; enabled once changed and valid. */
export function SaveRow(props: {
  label: string;
  valid: boolean;
  dirty: boolean;
  saving: boolean;
  testId?: string;
}) {
  return (
    <Box sx={{ gridColumn: '1 / -1', display: 'flex', justifyContent: 'flex-end' }}>
      <Button
        type="submit"
        variant="contained"
        disabled={!props.valid || !props.dirty || props.saving}
        loading={props.saving}
        data-testid={props.testId}
      >
        {props.label}
      </Button>
    </Box>
  );
}
