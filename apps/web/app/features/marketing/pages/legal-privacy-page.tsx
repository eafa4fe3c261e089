import { Link } from 'react-router';
import { paths } from '@keel/core/paths';
import { LastUpdated, PageHero, PageSection, Prose } from '../components/page-parts';
import { LEGAL_LAST_UPDATED } from '../content/site';

export function LegalPrivacyPage() {
  return (
    <>
      <PageHero eyebrow="Legal" title="Privacy Policy">
        <p>What we collect, why, and the choices you have.</p>
        <LastUpdated isoDate={LEGAL_LAST_UPDATED.privacy} />
      </PageHero>
      <PageSection>
        <Prose>
          <h2>What we collect</h2>
          <ul>
            <li>
              <strong>Account details:</strong> your name, email address and a hash of your password (never the password itself).
            </li>
            <li>
              <strong>Wallet details:</strong> the public address of the wallet you connect. We never see or store your private
              keys or seed phrase.
            </li>
            <li>
              <strong>Messages and sign-ups:</strong> what you send through the contact form, and your email if you join the
              newsletter or the mobile waitlist.
            </li>
            <li>
              <strong>Security records:</strong> sign-in events, IP addresses and browser details used to protect accounts and to
              limit abuse.
            </li>
          </ul>

          <h2>How we use it</h2>
          <ul>
            <li>To run your account, show your balances and process your requests.</li>
            <li>To send service emails such as verification and password-reset links.</li>
            <li>To send the newsletter or waitlist news, only if you asked for them.</li>
            <li>To detect fraud and abuse and to meet legal obligations.</li>
          </ul>

          <h2>What we do not do</h2>
          <p>We do not sell your personal data, and we do not use third-party advertising trackers.</p>

          <h2>Blockchain data</h2>
          <p>
            Transactions on Base are public and permanent. Anyone can see the deposits and withdrawals made from a wallet address;
            we cannot delete on-chain records.
          </p>

          <h2>Security and retention</h2>
          <p>
            Data is encrypted in transit and at rest. We keep account data while your account is open and for as long afterwards
            as the law requires; newsletter and waitlist emails are kept until you unsubscribe.
          </p>

          <h2>Your rights</h2>
          <p>
            You can ask to access, correct or delete your data, or to object to its use. Every newsletter email has an unsubscribe
            link. To make a request, <Link to={`${paths.support}#contact`}>contact us</Link>.
          </p>

          <h2>Cookies</h2>
          <p>
            We use only the cookies the Service needs: a session cookie to keep you signed in and a preference cookie that
            remembers whether the sidebar is open.
          </p>

          <h2>Changes</h2>
          <p>
            We will post any change to this policy here and tell you by email if it is significant. See also our{' '}
            <Link to={paths.terms}>Terms of Service</Link>.
          </p>
        </Prose>
      </PageSection>
    </>
  );
}
