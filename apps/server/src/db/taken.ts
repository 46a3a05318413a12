/** A query of the rows that already hold a name or code (it selects their `id`). */
export interface HoldersQuery {
  execute(): Promise<{ id: number }[]>;
}

/** Whether a row other than `exceptId` (the one being edited, if any) holds the name or code. */
export async function takenByAnother(holders: HoldersQuery, exceptId?: number): Promise<boolean> {
  const rows = await holders.execute();
  return rows.some((row) => row.id !== exceptId);
}
