import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';

/**
 * Labelled facts as a description list, labels in a column of their own: a dialog's facts
 * (long values wrap anywhere) or, `dense`, a phone card's figures (values to the right).
 */
export function FactList({
  facts,
  dense = false,
  testId,
}: {
  facts: readonly (readonly [string, string])[];
  dense?: boolean;
  testId?: string;
}) {
  return (
    <Box
      component="dl"
      sx={{
        m: 0,
        display: 'grid',
        gridTemplateColumns: 'auto minmax(0, 1fr)',
        columnGap: dense ? 1.5 : 2,
        rowGap: dense ? 0.25 : 0.75,
      }}
      data-testid={testId}
    >
      {facts.map(([label, text]) => (
        <Box key={label} sx={{ display: 'contents' }}>
          <Typography component="dt" variant="body2" color="text.secondary">
            {label}
          </Typography>
          <Typography
            component="dd"
            variant="body2"
            sx={dense ? { m: 0, textAlign: 'right' } : { m: 0, overflowWrap: 'anywhere' }}
          >
            {text}
          </Typography>
        </Box>
      ))}
    </Box>
  );
}
