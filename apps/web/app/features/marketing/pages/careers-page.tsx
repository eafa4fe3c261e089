import { Briefcase, MapPin } from 'lucide-react';
import { Badge } from '~/components/ui/badge';
import { Button } from '~/components/ui/button';
import { PageHero, PageSection, SectionHeading } from '../components/page-parts';
import { JOBS } from '../content/jobs';

export function CareersPage() {
  return (
    <>
      <PageHero eyebrow="Careers" title="Build honest savings with us">
        <p>We are a small, remote team making on-chain savings simple and safe. Roles open soon; here is what we are planning.</p>
      </PageHero>
      <PageSection aria-labelledby="open-roles">
        <SectionHeading id="open-roles" title="Open roles" />
        <ul className="grid gap-4">
          {JOBS.map((job) => (
            <li
              key={job.title}
              className="flex flex-col gap-4 rounded-xl border bg-card p-6 shadow-sm sm:flex-row sm:items-center sm:justify-between"
            >
              <div>
                <h3 className="text-lg font-semibold">{job.title}</h3>
                <p className="mt-1 flex flex-wrap items-center gap-3 text-sm text-muted-foreground">
                  <span className="flex items-center gap-1">
                    <MapPin className="size-3.5" aria-hidden="true" />
                    {job.location}
                  </span>
                  <span className="flex items-center gap-1">
                    <Briefcase className="size-3.5" aria-hidden="true" />
                    {job.type}
                  </span>
                  <Badge variant="outline">Coming Soon</Badge>
                </p>
                <p className="mt-2 text-sm text-muted-foreground">{job.description}</p>
              </div>
              <Button disabled aria-label={`Apply for ${job.title}: Coming Soon`} className="shrink-0">
                Coming Soon
              </Button>
            </li>
          ))}
        </ul>
      </PageSection>
    </>
  );
}
