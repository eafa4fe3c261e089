import { Link } from 'react-router';
import { paths } from '@keel/core/paths';
import { Button } from '~/components/ui/button';

/** The Sign In / Get Started pair shown to visitors in the public header and the vault dashboard. */
export function AuthLinks({ signInVariant = 'ghost' }: { signInVariant?: 'ghost' | 'outline' }) {
  return (
    <div className="flex items-center gap-2">
      <Button asChild variant={signInVariant} size="sm">
        <Link to={paths.signIn}>Sign In</Link>
      </Button>
      <Button asChild size="sm">
        <Link to={paths.getStarted}>Get Started</Link>
      </Button>
    </div>
  );
}
