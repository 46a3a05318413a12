// Queclink @Track (`@rumbo/telematics/protocols/queclink`): see queclink.decoder.ts.
export { queclinkDecoder } from './queclink.decoder.js';
export { QueclinkFramer, QUECLINK_MAX_MESSAGE_BYTES } from './queclink.framer.js';
export { QUECLINK_DOC_FRAMES } from './queclink.fixtures.js';
