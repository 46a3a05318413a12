import type {
  Configuracion,
  GenerateTokenReply,
  V2ValidateTokenReply,
  ValidateReply,
  ViewsAuthzReply,
} from '@rumbo/contracts';
import { isAborted, isApiError } from '../api/api-error';
import type { ApiClient } from '../api/http-client';
import type { PrefsStore } from '../prefs/prefs-store';
import { nextLoginStatus, type LoginEvent } from './login-status';
import { EMPTY_SESSION_DATA, type SessionStore } from './session-store';

export interface SessionServiceDeps {
  api: ApiClient;
  store: SessionStore;
  prefs: PrefsStore;
  makeDigest: () => string;
  logger: Pick<Console, 'error' | 'warn'>;
  /** Called once the session is authenticated and initialised (opens the socket). */
  onSignedIn?: () => void;
  /** Called after the session ends for any reason (closes the socket, drops cached data). */
  onSignedOut?: () => void;
}

/** The address parts the session check reads, and how it rewrites the address. */
export interface AddressBar {
  search: string;
  /** Replaces the query string without a navigation (used to drop `otp`). */
  replaceSearch: (search: string) => void;
}

export type LoginResult = { ok: true } | { ok: false; error: unknown };

/** Sign-in, session check, initialisation and logout (spec §4). */
export function createSessionService(deps: SessionServiceDeps) {
  const { api, store } = deps;
  const emit = (event: LoginEvent) =>
    store.setState((s) => ({ loginStatus: nextLoginStatus(s.loginStatus, event) }));

  /** Drops tokens and loaded data; the status is changed by events only. */
  const clearSession = () =>
    store.setState({
      token: null,
      userToken: null,
      digest: null,
      rol: null,
      ...EMPTY_SESSION_DATA,
    });

  // Replies are typed by @rumbo/contracts and validated by the server's response schemas; the
  // client does not re-parse them with zod so the login route stays small.

  /** Loads what the shell needs: allowed views, the user's configuracion; applies preferences. */
  async function initialise(): Promise<void> {
    const { rol, token } = store.getState();
    const [authz, user] = await Promise.all([
      api.post<ViewsAuthzReply>('v2/views-authz/web3', { rol: [rol] }),
      api.post<Configuracion>('rest/auth/user', { token }),
    ]);
    store.setState({ views: authz.views, startOn: authz.start_on, user });
    deps.prefs.setState({ language: user.config.idioma, darkMode: user.darkMode });
    if (user.hasAvatar) void loadAvatar();
  }

  async function loadAvatar(): Promise<void> {
    try {
      const reply = await api.get<{ avatar: string | null }>('rest/user/get_avatar');
      store.setState({ avatar: reply.avatar });
    } catch (error) {
      deps.logger.warn('avatar not loaded', error);
    }
  }

  /** True when both stored tokens validate: rol in the v2 list and iss equal to user_id. */
  async function validateStoredTokens(): Promise<boolean> {
    const { token, digest, userToken, rol } = store.getState();
    if (!token || !digest || !userToken || !rol) return false;
    try {
      const [claim, v2] = await Promise.all([
        api.post<ValidateReply>('auth/validate?with_claim=true', { token, digest }),
        api.post<V2ValidateTokenReply>('v2/user/validate_token', { token: userToken }),
      ]);
      if (!Array.isArray(v2.rol) || !v2.rol.includes(claim.rol) || claim.iss !== v2.user_id) {
        return false;
      }
      store.setState({ rol: claim.rol });
      return true;
    } catch (error) {
      // A 400 is ignored quietly (spec §8); other failures are logged.
      if (!isApiError(error, 400) && !isApiError(error, 401)) {
        deps.logger.error('session check failed', error);
      }
      return false;
    }
  }

  /** Signs in with a one-time code; 'expired' on 422. */
  async function signInWithOtp(otp: string): Promise<'ok' | 'expired' | 'failed'> {
    const digest = deps.makeDigest();
    try {
      const reply = await api.post<ValidateReply>('auth/validate?with_claim=true', { otp, digest });
      if (!reply.token || !reply.userToken) return 'failed';
      store.setState({
        token: reply.token,
        digest: reply.digest ?? digest,
        userToken: reply.userToken,
        rol: reply.rol,
      });
      return 'ok';
    } catch (error) {
      if (isApiError(error, 422)) return 'expired';
      if (!isApiError(error, 400)) deps.logger.error('one-time sign-in failed', error);
      return 'failed';
    }
  }

  /**
   * The session check run on first load: stored tokens, else an `otp` query parameter (removed
   * from the address after use), else unauthenticated.
   */
  async function check(address: AddressBar): Promise<void> {
    emit('check-started');
    if (await validateStoredTokens()) {
      if (await initialiseOrFail()) {
        emit('check-passed');
        deps.onSignedIn?.();
        return;
      }
    }
    clearSession();
    const params = new URLSearchParams(address.search);
    const otp = params.get('otp');
    if (otp) {
      params.delete('otp');
      const rest = params.toString();
      address.replaceSearch(rest ? `?${rest}` : '');
      const outcome = await signInWithOtp(otp);
      if (outcome === 'ok' && (await initialiseOrFail())) {
        emit('check-passed');
        deps.onSignedIn?.();
        return;
      }
      if (outcome === 'expired') {
        clearSession();
        emit('otp-expired');
        return;
      }
    }
    clearSession();
    emit('check-failed');
  }

  async function initialiseOrFail(): Promise<boolean> {
    try {
      await initialise();
      return true;
    } catch (error) {
      if (!isApiError(error, 400)) deps.logger.error('initialisation failed', error);
      return false;
    }
  }

  /** Login: validating, then authenticated, or back to unauthenticated with the error. */
  async function login(username: string, password: string): Promise<LoginResult> {
    emit('login-started');
    const digest = deps.makeDigest();
    try {
      clearSession();
      const [claim, v2] = await Promise.all([
        api.post<GenerateTokenReply>('auth/generate_token?with_claim=true', {
          username,
          password,
          digest,
        }),
        api.post<{ token: string }>('v2/user/generate_token', { username, password }),
      ]);
      store.setState({ token: claim.token, digest, rol: claim.rol, userToken: v2.token });
      await initialise();
      emit('login-passed');
      deps.onSignedIn?.();
      return { ok: true };
    } catch (error) {
      clearSession();
      emit('login-failed');
      return { ok: false, error };
    }
  }

  /** Logout or logout-all: tells the server, then clears all tokens and data either way. */
  async function logout(all = false): Promise<void> {
    const { token, digest } = store.getState();
    store.setState({ loggingOut: true });
    try {
      if (token) await api.post(all ? 'auth/logout_all' : 'auth/logout', { token, digest });
    } catch (error) {
      // Aborted when the session ends first: the server revokes it and says so on the socket
      // before answering the call, and ending the session aborts what is in flight. Expected.
      if (!isAborted(error)) deps.logger.warn('logout call failed', error);
    } finally {
      endSession('logged-out');
    }
  }

  /** Ends the session locally, e.g. when the server revoked it. */
  function endSession(event: 'logged-out' | 'session-lost' = 'session-lost'): void {
    const wasActive = store.getState().token !== null;
    clearSession();
    emit(event);
    if (wasActive || event === 'logged-out') deps.onSignedOut?.();
  }

  /** Replaces the stored configuracion after the settings screen saved it. */
  function updateUser(patch: Partial<NonNullable<ReturnType<typeof store.getState>['user']>>) {
    const user = store.getState().user;
    if (user) store.setState({ user: { ...user, ...patch } });
  }

  return { check, login, logout, endSession, initialise, loadAvatar, updateUser };
}
export type SessionService = ReturnType<typeof createSessionService>;
