export * from './auth.js';
export * from './errors.js';
export * from './health.js';
export * from './realtime.js';
export * from './user.js';
export * from './views.js';
export * from './xlsx.js';
export * from './i18n/index.js';
