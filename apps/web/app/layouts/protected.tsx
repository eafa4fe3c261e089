import { Outlet } from 'react-router';

/** Signed-in pages. The session guard arrives with accounts. */
export default function ProtectedLayout() {
  return <Outlet />;
}
