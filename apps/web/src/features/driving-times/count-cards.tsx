import { FigureCard, FigureGrid } from '../../shared/ui/figure-cards';

/** A row of three small count cards above a table (the driving-times and infringements screens). */
export function CountCards(props: {
  cards: readonly { key: string; label: string; count: number; color?: string | undefined }[];
  testIdPrefix: string;
}) {
  return (
    <FigureGrid columns={{ xs: 'repeat(3, minmax(0, 1fr))', md: 'repeat(3, 200px)' }}>
      {props.cards.map(({ key, label, count, color }) => (
        <FigureCard
          key={key}
          label={label}
          value={count}
          valueColor={color}
          wrapLabel
          testId={`${props.testIdPrefix}-${key}`}
        />
      ))}
    </FigureGrid>
  );
}
