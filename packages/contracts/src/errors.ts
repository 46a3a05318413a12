import { z } from 'zod';

/** Body of every error answer: a stable code, a message in the caller's language, details. */
export const errorBody = z.object({
  error: z.string(),
  message: z.string(),
  details: z.array(z.unknown()).optional(),
});
export type ErrorBody = z.infer<typeof errorBody>;
