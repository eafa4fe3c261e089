import {
  NOTIFICATION_KINDS,
  NOTIFICATION_LABELS,
  type NotificationKind,
  type NotificationPreferences,
} from '@keel/core/notifications';
import { paths } from '@keel/core/paths';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router';
import { Alert } from '~/components/ui/alert';
import { Card, CardContent, CardDescription, CardHeader } from '~/components/ui/card';
import { Checkbox } from '~/components/ui/checkbox';
import { Skeleton } from '~/components/ui/skeleton';
import {
  getNotificationPreferences,
  NOTIFICATION_PREFERENCES_QUERY_KEY,
  saveNotificationPreferences,
} from '../api/notification-settings-api';

const LINK_CLASS =
  'font-medium text-primary underline underline-offset-4 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring';

/** One kind: a checkbox named by its title, described by what it sends. */
function PreferenceRow({
  kind,
  checked,
  disabled,
  onChange,
}: {
  kind: NotificationKind;
  checked: boolean;
  disabled: boolean;
  onChange: (enabled: boolean) => void;
}) {
  const label = NOTIFICATION_LABELS[kind];
  const id = `notification-${kind}`;
  return (
    <li className="flex items-start gap-3 py-3">
      <Checkbox
        id={id}
        checked={checked}
        disabled={disabled}
        aria-describedby={`${id}-description`}
        onCheckedChange={(state) => onChange(state === true)}
        className="mt-0.5"
      />
      <div className="flex flex-col gap-0.5">
        <label htmlFor={id} className="font-medium leading-tight">
          {label.title}
        </label>
        <p id={`${id}-description`} className="text-sm text-muted-foreground">
          {label.description}
        </p>
      </div>
    </li>
  );
}

/** The notification settings page: each kind of email on or off, saved as soon as it is changed. */
export function NotificationSettingsView() {
  const queryClient = useQueryClient();
  const [saved, setSaved] = useState<string | null>(null);
  const preferences = useQuery({ queryKey: NOTIFICATION_PREFERENCES_QUERY_KEY, queryFn: getNotificationPreferences });
  const save = useMutation({
    mutationFn: ({ kind, enabled }: { kind: NotificationKind; enabled: boolean }) =>
      saveNotificationPreferences({ [kind]: enabled }),
    onSuccess: (answer: NotificationPreferences, { kind, enabled }) => {
      queryClient.setQueryData(NOTIFICATION_PREFERENCES_QUERY_KEY, answer);
      setSaved(`${NOTIFICATION_LABELS[kind].title} emails are ${enabled ? 'on' : 'off'}.`);
    },
    onError: () => setSaved(null),
  });

  return (
    <div className="mx-auto flex max-w-3xl flex-col gap-6">
      <div className="flex flex-col gap-2">
        <h1 className="text-3xl font-bold tracking-tight">Email notifications</h1>
        <p className="text-muted-foreground">
          Choose which emails Keel sends you. Emails that protect your account (sign-in alerts, password and email changes) are
          always sent. Back to{' '}
          <Link to={paths.settings} className={LINK_CLASS}>
            Account settings
          </Link>
          .
        </p>
      </div>
      <section aria-labelledby="notification-kinds-heading">
        <Card>
          <CardHeader>
            <h2 id="notification-kinds-heading" className="text-lg font-semibold leading-tight">
              What to email me about
            </h2>
            <CardDescription>Each change is saved at once. Every email also has a link to turn its kind off.</CardDescription>
          </CardHeader>
          <CardContent className="flex flex-col gap-3">
            {preferences.isPending ? (
              <>
                <Skeleton className="h-48 w-full" />
                <p className="sr-only">Loading your notification settings…</p>
              </>
            ) : preferences.isError ? (
              <Alert variant="destructive">Your notification settings could not be loaded. Please reload the page.</Alert>
            ) : (
              <ul className="divide-y">
                {NOTIFICATION_KINDS.map((kind) => (
                  <PreferenceRow
                    key={kind}
                    kind={kind}
                    checked={preferences.data[kind]}
                    disabled={save.isPending}
                    onChange={(enabled) => save.mutate({ kind, enabled })}
                  />
                ))}
              </ul>
            )}
            {save.isError ? <Alert variant="destructive">That change was not saved. Please try again.</Alert> : null}
            <p role="status" className="text-sm text-muted-foreground">
              {saved}
            </p>
          </CardContent>
        </Card>
      </section>
    </div>
  );
}
