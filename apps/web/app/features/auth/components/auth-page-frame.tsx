import type { ReactNode } from 'react';
import { Logo } from '~/components/logo';
import { Card, CardContent, CardDescription, CardHeader } from '~/components/ui/card';

/** The bare pages (callback, reset, verification): logo, one centred card. */
export function AuthPageFrame({ title, description, children }: { title: string; description?: ReactNode; children: ReactNode }) {
  return (
    <main id="main" className="flex min-h-svh flex-col items-center justify-center gap-6 bg-muted/40 px-4 py-10">
      <Logo />
      <Card className="w-full max-w-md">
        <CardHeader>
          <h1 className="text-2xl font-bold leading-tight">{title}</h1>
          {description && <CardDescription>{description}</CardDescription>}
        </CardHeader>
        <CardContent className="flex flex-col gap-4">{children}</CardContent>
      </Card>
    </main>
  );
}
