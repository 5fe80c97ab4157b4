import { Link } from 'react-router';
import { ROUTES } from '../../schema/routes.ts';

export default function NotFound() {
  return (
    <main className="not-found">
      <div className="stack">
        <h1>404 Page Not Found</h1>
        <p>There is no page at this address.</p>
        <Link className="button primary" to={ROUTES.home}>
          Back to the map
        </Link>
      </div>
    </main>
  );
}
