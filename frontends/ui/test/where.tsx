import { useLocation } from 'react-router-dom';

/** Shows where the router is, so a test can assert redirects. */
export function Where() {
  const location = useLocation();
  return <output data-testid="where">{location.pathname + location.search}</output>;
}
