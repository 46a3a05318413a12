import { ErrorPage } from './error-page';

export default function NotFoundPage({ homePath }: { homePath: string }) {
  return <ErrorPage code={404} titleKey="view.not_found.title" homePath={homePath} />;
}
