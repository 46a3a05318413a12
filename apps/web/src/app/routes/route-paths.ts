/** Fixed paths the guard sends to and the shell links to (their routes are in the route table). */
export const LOGIN_PATH = '/auth/login';
export const OTP_EXPIRED_PATH = '/auth/422';
export const FORBIDDEN_PATH = '/403';
export const NOT_FOUND_PATH = '/404';
export const SETTINGS_PATH = '/app/user/settings';
