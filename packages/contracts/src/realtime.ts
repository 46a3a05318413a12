import { z } from 'zod';
import { text } from './fields.js';

/** First message on `/api/ws` and `/api/wslp`: the stored credentials. */
export const socketHello = z.object({
  token: text().max(200).optional(),
  digest: text().max(32).optional(),
  userToken: text().max(200).optional(),
  /** `/api/wslp` only: 'binary' asks for compact binary update frames (live-frame.ts). */
  format: z.enum(['json', 'binary']).optional(),
});
export type SocketHello = z.infer<typeof socketHello>;

/** The server's answer to the hello; `Ok` means authenticated. */
export type SocketStatus = { type: 'Status'; status: 'Ok' | 'Unauthorized' | 'Revoked' };

/** An alert pushed on `/api/ws`. */
export const notificationSchema = z.object({
  /** Rumbo's: the notification's id in the user's list, and the stored event it tells of. */
  id: z.number().optional(),
  eventId: z.number().optional(),
  code: z.string(),
  plate: z.string(),
  recordedat: z.string(),
  userid: z.number().nullable(),
  payload: z.unknown(),
  read: z.boolean(),
  data: z
    .object({
      idzona: z.number().optional(),
      idinterestpoint: z.number().optional(),
      temperature: z.number().optional(),
      route: z.string().optional(),
      /** Rumbo's (issue 22): facts told inside this alert (`EXV` in a `V95`), the limit then. */
      details: z.string().optional(),
      speedLimit: z.number().optional(),
      overLimitFromMs: z.number().optional(),
    })
    .optional(),
  codigoChofer: z.string().nullable().optional(),
  /** Where the event happened, in the user's language (issue 23). */
  place: z.string().nullable().optional(),
});
export type Notification = z.infer<typeof notificationSchema>;

/** Messages the server pushes: a status, or a mutation/action routed to a client data handler. */
export type ServerSocketMessage =
  | SocketStatus
  | { mutation: 'notifications/add'; payload: Notification }
  | { mutation: string; payload: unknown }
  | { action: string; payload: unknown };

/**
 * Close codes used by the sockets. `unauthorized` and `revoked` end the client's attempts (it
 * signs in again); `noHello` (no hello in time: a busy or slow client, not a bad session) and
 * `tooSlow` are answered by a reconnect.
 */
export const SOCKET_CLOSE = {
  unauthorized: 4401,
  revoked: 4403,
  tooSlow: 4408,
  noHello: 4409,
} as const;
