import { Input } from '~/components/ui/input';
import { Label } from '~/components/ui/label';

/**
 * The email input of the sign-in and forgot-password forms. Uncontrolled: the
 * form reads it on submit, so what was typed before hydration counts.
 */
export function EmailField({ id }: { id: string }) {
  return (
    <div className="flex flex-col gap-2">
      <Label htmlFor={id}>Email Address</Label>
      <Input id={id} type="email" autoComplete="email" placeholder="you@example.com" name="email" />
    </div>
  );
}
