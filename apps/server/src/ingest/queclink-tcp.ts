import { queclinkDecoder } from '@rumbo/telematics/protocols/queclink';
import type { StreamProtocol } from './stream-session.js';

/**
 * Queclink @Track over TCP (GV300, GV55, GV200… vehicle trackers) in the session shell: every
 * message names its IMEI, reports are answered `+SACK:<count>$` after commit, heartbeats at once.
 * Listens on `QUECLINK_PORT` (off when not set).
 */
export const queclinkTcp: StreamProtocol<null> = {
  protocol: 'queclink',
  name: 'Queclink',
  decoder: queclinkDecoder(),
  context: () => null,
};
