import { useEffect } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { useServices } from '../shared/services';

/**
 * Runs the first session check once (spec §4), with the address it may rewrite: a used `otp`
 * query parameter is removed without a new history entry.
 */
export function SessionBootstrap() {
  const { session, sessionStore } = useServices();
  const location = useLocation();
  const navigate = useNavigate();
  useEffect(() => {
    if (sessionStore.getState().loginStatus !== null) return;
    const { pathname, hash, search } = location;
    void session.check({
      search,
      replaceSearch: (next) => void navigate({ pathname, search: next, hash }, { replace: true }),
    });
    // Only the first render's address matters.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  return null;
}
