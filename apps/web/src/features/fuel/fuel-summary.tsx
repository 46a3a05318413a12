import Typography from '@mui/material/Typography';
import { FigureCard, FigureGrid, type FigureTone } from '../../shared/ui/figure-cards';

export interface SummaryFigure {
  id: string;
  label: string;
  value: string;
  /** A line under the value (a share, a unit of comparison). */
  note?: string;
  /** A figure that needs attention (suspected thefts waiting, flagged balances). */
  tone?: FigureTone;
}

/** The figures above a fuel list: two per row on phones, a row of cards on wider screens. */
export function FuelSummary({ figures }: { figures: readonly SummaryFigure[] }) {
  return (
    <FigureGrid
      testId="fuel-summary"
      columns={{
        xs: 'repeat(2, minmax(0, 1fr))',
        md: `repeat(${Math.min(figures.length, 5)}, minmax(0, 220px))`,
      }}
    >
      {figures.map((figure) => (
        <FigureCard
          key={figure.id}
          testId={`figure-${figure.id}`}
          label={figure.label}
          value={figure.value}
          tone={figure.tone}
          valueNoWrap
        >
          {figure.note ? (
            <Typography variant="caption" color="text.secondary" noWrap component="div">
              {figure.note}
            </Typography>
          ) : null}
        </FigureCard>
      ))}
    </FigureGrid>
  );
}
