import type { ReactNode } from 'react';
import type { LucideIcon } from 'lucide-react';
import { Card, CardContent } from '~/components/ui/card';

/** A card that tells the saver what is missing and what to do next: an icon and a title, a line, an action. */
export function NoticeCard({
  icon: Icon,
  title,
  description,
  children,
}: {
  icon: LucideIcon;
  title: ReactNode;
  description: ReactNode;
  /** The actions (and any error) under the description. */
  children: ReactNode;
}) {
  return (
    <Card>
      <CardContent className="flex flex-col items-start gap-3 pt-6">
        <p className="flex items-center gap-2 font-medium">
          <Icon className="size-5 text-primary" aria-hidden="true" />
          {title}
        </p>
        <p className="text-sm text-muted-foreground">{description}</p>
        {children}
      </CardContent>
    </Card>
  );
}
