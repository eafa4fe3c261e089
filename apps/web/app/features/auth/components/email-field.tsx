import { Input } from '~/components/ui/input';
import { Label } from '~/components/ui/label';

/** The email input of the sign-in and forgot-password forms. */
export function EmailField({ id, value, onChange }: { id: string; value: string; onChange: (value: string) => void }) {
  return (
    <div className="flex flex-col gap-2">
      <Label htmlFor={id}>Email Address</Label>
      <Input
        id={id}
        type="email"
        autoComplete="email"
        placeholder="you@example.com"
        value={value}
        onChange={(event) => onChange(event.target.value)}
      />
    </div>
  );
}
