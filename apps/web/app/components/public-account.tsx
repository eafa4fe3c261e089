import { Link, useNavigate } from 'react-router';
import { paths } from '@keel/core/paths';
import { AccountMenu, type AccountMenuUser } from '~/components/account-menu';
import { Button } from '~/components/ui/button';
import { endSession } from '~/hooks/use-session';
import { getQueryClient } from '~/lib/query-client';

/** Dashboard and the account menu in the public header, for a signed-in visitor (loaded only for them). */
export default function PublicAccount({ user, onSignedOut }: { user: AccountMenuUser; onSignedOut: () => void }) {
  const navigate = useNavigate();
  const signOut = async () => {
    await endSession(getQueryClient());
    onSignedOut();
    await navigate(paths.signIn, { replace: true });
  };
  return (
    <div className="flex items-center gap-2" data-testid="header-account">
      <Button asChild size="sm">
        <Link to={paths.dashboard}>Dashboard</Link>
      </Button>
      <AccountMenu user={user} onSignOut={() => void signOut()} />
    </div>
  );
}
