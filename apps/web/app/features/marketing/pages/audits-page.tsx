import { CheckCircle2 } from 'lucide-react';
import { Link } from 'react-router';
import { paths } from '@keel/core/paths';
import { Badge } from '~/components/ui/badge';
import { PageHero, PageSection, Prose, SectionHeading } from '../components/page-parts';

type SecurityReview = {
  company: string;
  description: string;
  status: 'Ongoing' | 'Planned';
  auditor: string;
  date: string;
  features: readonly string[];
};

/** Honest status: what is in place and what is planned, with no audit claimed that has not happened. */
const REVIEWS: readonly SecurityReview[] = [
  {
    company: 'Vault smart contracts',
    description: 'Deposits are held by third-party vault contracts on Base, which are reviewed by their own providers.',
    status: 'Ongoing',
    auditor: "Vault providers' auditors",
    date: 'Before each vault is listed',
    features: [
      'Published audit reports checked before listing',
      'Contract addresses fixed and shown in the app',
      'No upgrade keys held by Keel',
    ],
  },
  {
    company: 'Keel web application',
    description: 'Independent penetration test of the Keel app, API and account security.',
    status: 'Planned',
    auditor: 'Independent security firm (to be announced)',
    date: 'Before general availability',
    features: ['Authentication and session handling', 'Rate limiting and abuse controls', 'Content security policy'],
  },
  {
    company: 'Infrastructure and operations',
    description: 'Review of hosting, secrets management, logging and incident response.',
    status: 'Planned',
    auditor: 'Independent security firm (to be announced)',
    date: 'Annually',
    features: [
      'Encryption in transit and at rest (AES-256)',
      'Least-privilege access',
      'Security audit log of sensitive actions',
    ],
  },
];

const PRACTICES = [
  'Non-custodial: Keel never holds user funds or private keys.',
  'Passwords are hashed; sessions use secure, HttpOnly cookies.',
  'Sign-in, sign-up and password-reset attempts are rate limited.',
  'Sensitive actions are written to a security audit log.',
  'A strict content security policy limits what the app may load.',
] as const;

export function AuditsPage() {
  return (
    <>
      <PageHero eyebrow="Audits" title="Security">
        <p>How Keel protects your account, what has been reviewed, and what is still planned.</p>
      </PageHero>
      <PageSection aria-labelledby="reviews">
        <SectionHeading id="reviews" title="Security reviews" />
        <div className="grid gap-6 lg:grid-cols-3">
          {REVIEWS.map((review) => (
            <article key={review.company} className="flex flex-col rounded-xl border bg-card p-6 shadow-sm">
              <div className="flex items-start justify-between gap-2">
                <h3 className="font-semibold">{review.company}</h3>
                <Badge variant={review.status === 'Ongoing' ? 'success' : 'secondary'}>{review.status}</Badge>
              </div>
              <p className="mt-2 text-sm text-muted-foreground">{review.description}</p>
              <dl className="mt-4 grid gap-1 text-sm">
                <dt className="text-muted-foreground">Reviewer</dt>
                <dd className="font-medium">{review.auditor}</dd>
                <dt className="mt-2 text-muted-foreground">When</dt>
                <dd className="font-medium">{review.date}</dd>
              </dl>
              <ul className="mt-4 grid gap-2 text-sm">
                {review.features.map((feature) => (
                  <li key={feature} className="flex gap-2">
                    <CheckCircle2 className="mt-0.5 size-4 shrink-0 text-primary" aria-hidden="true" />
                    {feature}
                  </li>
                ))}
              </ul>
            </article>
          ))}
        </div>
      </PageSection>
      <PageSection>
        <Prose>
          <h2>Security practices</h2>
          <ul>
            {PRACTICES.map((practice) => (
              <li key={practice}>{practice}</li>
            ))}
          </ul>
          <h2>Reporting a vulnerability</h2>
          <p>
            Found a security issue? Please tell us privately through the <Link to={`${paths.support}#contact`}>contact form</Link>{' '}
            with the subject “Security”, and do not disclose it publicly until we have fixed it.
          </p>
          <p>
            No review removes all risk. Read the <Link to={paths.risk}>risk disclosure</Link> before depositing.
          </p>
        </Prose>
      </PageSection>
    </>
  );
}
