import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter, useLocation, type Location } from 'react-router';
import { App } from '../app/app';
import { memoryStorage, type FakeHandler, type FakeReply } from './fake-server';
import { createTestServices } from './test-services';

/** Renders the whole app at `path` against fake server routes; `location()` reads the address. */
export function renderApp(
  path: string,
  routes: Record<string, FakeHandler | FakeReply> = {},
  storage = memoryStorage(),
) {
  const { services, calls } = createTestServices(routes, storage);
  let current: Location | null = null;
  function Spy() {
    current = useLocation();
    return null;
  }
  function Router({ children }: { children: ReactNode }) {
    return (
      <MemoryRouter initialEntries={[path]}>
        <Spy />
        {children}
      </MemoryRouter>
    );
  }
  const view = render(<App services={services} Router={Router} />);
  const location = () => {
    if (!current) throw new Error('no location yet');
    return current;
  };
  return { ...view, services, calls, location };
}
