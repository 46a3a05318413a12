import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';

export interface SummaryFigure {
  id: string;
  label: string;
  value: string;
  /** A line under the value (a share, a unit of comparison). */
  note?: string;
  /** A figure that needs attention (suspected thefts waiting, flagged balances). */
  tone?: 'error' | 'warning' | 'success';
}

/** The figures above a fuel list: two per row on phones, a row of cards on wider screens. */
export function FuelSummary({ figures }: { figures: readonly SummaryFigure[] }) {
  return (
    <Box
      data-testid="fuel-summary"
      sx={{
        display: 'grid',
        gap: 1.5,
        mb: 2,
        gridTemplateColumns: {
          xs: 'repeat(2, minmax(0, 1fr))',
          md: `repeat(${Math.min(figures.length, 5)}, minmax(0, 220px))`,
        },
      }}
    >
      {figures.map((figure) => (
        <Paper
          key={figure.id}
          variant="outlined"
          data-testid={`figure-${figure.id}`}
          sx={{
            p: 1.5,
            minWidth: 0,
            borderColor: figure.tone ? `${figure.tone}.main` : undefined,
          }}
        >
          <Typography variant="caption" color="text.secondary" noWrap component="div">
            {figure.label}
          </Typography>
          <Typography
            sx={{ fontWeight: 700, fontSize: '1.2rem' }}
            color={figure.tone ? `${figure.tone}.main` : undefined}
            noWrap
            data-value
          >
            {figure.value}
          </Typography>
          {figure.note ? (
            <Typography variant="caption" color="text.secondary" noWrap component="div">
              {figure.note}
            </Typography>
          ) : null}
        </Paper>
      ))}
    </Box>
  );
}
