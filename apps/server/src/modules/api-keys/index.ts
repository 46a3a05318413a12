// The public face of the API-keys module (issue 27): all that the rest of the server may import.
export { apiKeyRoutes } from './api-keys.routes.js';
export { authenticateApiKey, isApiKeyHeader, type ApiKeysDeps } from './api-keys.service.js';
export { KeyRateLimiter } from './key-rate-limiter.js';
export { KeyUseRecorder } from './key-use-recorder.js';
export { API_KEY_SCHEME } from './openapi.js';
