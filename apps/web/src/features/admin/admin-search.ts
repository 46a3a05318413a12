/** Lower case without accents, so "camion" finds "Camión". */
export function normalizeText(text: string): string {
  return text
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLowerCase()
    .trim();
}

/** Rows whose searchable texts contain every word of the query (any order, any field). */
export function filterRows<T>(
  rows: readonly T[],
  query: string,
  texts: (row: T) => readonly (string | number | null | undefined)[],
): T[] {
  const words = normalizeText(query).split(/\s+/).filter(Boolean);
  if (words.length === 0) return [...rows];
  return rows.filter((row) => {
    const haystack = normalizeText(
      texts(row)
        .filter((v) => v !== null && v !== undefined)
        .join(' '),
    );
    return words.every((word) => haystack.includes(word));
  });
}
