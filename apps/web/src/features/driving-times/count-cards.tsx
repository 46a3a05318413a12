import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';

/** A row of three small count cards above a table (the driving-times and infringements screens). */
export function CountCards(props: {
  cards: readonly { key: string; label: string; count: number; color?: string | undefined }[];
  testIdPrefix: string;
}) {
  return (
    <Box
      sx={{
        display: 'grid',
        gap: 1.5,
        mb: 2,
        gridTemplateColumns: { xs: 'repeat(3, minmax(0, 1fr))', md: 'repeat(3, 200px)' },
      }}
    >
      {props.cards.map(({ key, label, count, color }) => (
        <Paper
          key={key}
          variant="outlined"
          sx={{ p: 1.5, minWidth: 0 }}
          data-testid={`${props.testIdPrefix}-${key}`}
        >
          <Typography
            variant="caption"
            color="text.secondary"
            component="div"
            sx={{ lineHeight: 1.3 }}
          >
            {label}
          </Typography>
          <Typography sx={{ fontWeight: 700, fontSize: '1.2rem', color }}>{count}</Typography>
        </Paper>
      ))}
    </Box>
  );
}
