import { ErrorPage } from './error-page';

export default function ForbiddenPage({ homePath }: { homePath: string }) {
  return <ErrorPage code={403} titleKey="view.forbidden.title" homePath={homePath} />;
}
