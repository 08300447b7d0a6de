import { Navigate, useLocation, useParams } from 'react-router';

/**
 * /redirect/{path}: a hidden helper that refreshes a view (spec section 2). Passing through this
 * route unmounts the page, so navigating back to it mounts it fresh.
 */
export function RedirectPage() {
  const { '*': rest = '' } = useParams();
  const { search, hash } = useLocation();
  return <Navigate to={`/${rest}${search}${hash}`} replace />;
}
