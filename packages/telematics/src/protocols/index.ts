// The common decoder shape and the protocols behind it (`@rumbo/telematics/protocols`). A
// protocol added later lives in its own folder here and is imported as
// `@rumbo/telematics/protocols/<name>` (package.json `exports`): nothing to edit in this file.
export * from './decoder.js';
export * from './teltonika.js';
export * from './mqtt-json.js';
export { decodeOsmAnd, type OsmAndRejection } from '../osmand/osmand.decoder.js';
