import { MainPage } from './components/MainPage';
import { NotFoundPage } from './components/NotFoundPage';

/** The only route is `/`; every other path shows the not-found page. */
export function App() {
  const path = window.location.pathname;
  return path === '/' || path === '/index.html' ? <MainPage /> : <NotFoundPage />;
}
