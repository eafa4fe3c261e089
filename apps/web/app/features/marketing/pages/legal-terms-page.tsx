import { Link } from 'react-router';
import { paths } from '@keel/core/paths';
import { LastUpdated, PageHero, PageSection, Prose } from '../components/page-parts';
import { LEGAL_LAST_UPDATED } from '../content/site';

export function LegalTermsPage() {
  return (
    <>
      <PageHero eyebrow="Legal" title="Terms of Service">
        <p>Please read these terms carefully before using Keel.</p>
        <LastUpdated isoDate={LEGAL_LAST_UPDATED.terms} />
      </PageHero>
      <PageSection>
        <Prose>
          <h2>1. About these terms</h2>
          <p>
            These terms govern your use of the Keel website and app (the “Service”). By creating an account or using the Service
            you agree to them. If you do not agree, do not use the Service.
          </p>

          <h2>2. Eligibility</h2>
          <p>
            <strong>You must be at least 18 years old</strong> and able to form a binding contract to use Keel. You may not use
            the Service where doing so is prohibited by the laws that apply to you, or if you are subject to sanctions.
          </p>

          <h2>3. What Keel is, and is not</h2>
          <ul>
            <li>
              Keel is non-custodial software. It helps you deposit USDC from your own wallet into third-party vault smart
              contracts on the Base network. Keel never holds your funds or your private keys.
            </li>
            <li>
              Keel is <strong>not a bank</strong>, broker or investment adviser. Deposits are <strong>not FDIC insured</strong>{' '}
              and are not protected by any government deposit insurance scheme.
            </li>
            <li>Nothing on the Service is financial, tax or legal advice.</li>
          </ul>

          <h2>4. Yields are not guaranteed</h2>
          <p>
            Rates shown for the vaults (for example 5-7% APY, 7-12% APY or 20-30% CAGR) are targets or historical ranges. Actual
            returns depend on market conditions and can be lower, zero or negative. Figures labelled as simulated or sample are
            illustrations only.
          </p>

          <h2>5. Your responsibilities</h2>
          <ul>
            <li>
              Keep your wallet, seed phrase and account password secure. Keel cannot recover lost keys or reverse transactions.
            </li>
            <li>Check every transaction in your wallet before you approve it.</li>
            <li>Provide accurate account information and keep your email address up to date.</li>
            <li>Do not misuse the Service, attempt to disrupt it or access it other than through the interfaces we provide.</li>
          </ul>

          <h2>6. Fees</h2>
          <p>
            Keel charges no deposit fee. The Growth Reserve vault charges a 0.25% withdrawal fee; the other vaults charge none.
            Blockchain network fees are paid by you to the network, not to Keel. We will give notice before changing fees.
          </p>

          <h2>7. Third-party services</h2>
          <p>
            Vault contracts, the Base network, USDC and wallet software are provided by third parties. We do not control them and
            are not responsible for their availability, security or performance.
          </p>

          <h2>8. Promotions</h2>
          <p>
            Promotions such as the August deposit bonus have their own conditions (for example a minimum deposit, one per user and
            an end date) and may be withdrawn if abused.
          </p>

          <h2>9. Limitation of liability</h2>
          <p>
            To the extent permitted by law, Keel is not liable for losses arising from market movements, smart-contract failures,
            network outages, stablecoin de-pegging or your loss of credentials. Nothing in these terms limits liability that
            cannot be limited by law.
          </p>

          <h2>10. Suspension and closure</h2>
          <p>
            You may stop using Keel at any time. Because Keel is non-custodial, you can always withdraw from the vault contracts
            directly, even if your Keel account is closed. We may suspend accounts that breach these terms.
          </p>

          <h2>11. Changes</h2>
          <p>We may update these terms. Material changes will be announced by email or in the app before they take effect.</p>

          <h2>12. Contact</h2>
          <p>
            Questions about these terms? Read our <Link to={paths.privacy}>Privacy Policy</Link> and{' '}
            <Link to={paths.risk}>Risk Disclosure</Link>, or <Link to={`${paths.support}#contact`}>contact us</Link>.
          </p>
        </Prose>
      </PageSection>
    </>
  );
}
