import { Link } from 'react-router';
import { paths } from '@keel/core/paths';
import { ArticleLayout } from './article-layout';

export function ArticlePasskeySavingsPage() {
  return (
    <ArticleLayout category="Security" title="Saving with a passkey, and your recovery kit" readTime="5 min read">
      <p>
        You do not need a crypto wallet to save with Keel. Where Keel offers it, you can create a savings account that you control
        with a passkey. This page explains what that means, what your recovery kit is for, and who pays the network fee.
      </p>
      <h2>What a passkey is</h2>
      <p>
        A passkey is a key your phone or computer makes and keeps for one website. You unlock it the way you unlock the device:
        your fingerprint, your face or your PIN. The secret part never leaves the device, so nobody can copy it from Keel, and a
        fake website cannot use it: a passkey made for Keel only works on Keel’s own address.
      </p>
      <p>
        The passkey for your savings account is separate from how you sign in to Keel. Signing in shows Keel who you are; the
        passkey approves each movement of your money.
      </p>
      <h2>Your savings account</h2>
      <p>
        The account is a Safe on the Base network: open-source account contracts that many people and companies use. It has two
        keys that can each approve a payment on their own: your passkey, and a recovery key that you keep. Keel holds neither, so
        Keel cannot move your money.
      </p>
      <h2>Keel pays the network fee for saving</h2>
      <p>
        Every action on Base costs a small network fee, usually paid in ETH. For a savings account with a passkey, Keel pays that
        fee when you deposit into a vault, withdraw from one, or send your USDC out of the account (a few times a day). You never
        need to buy ETH.
      </p>
      <h2>Your recovery kit</h2>
      <p>
        Before your account is created, your browser makes the recovery key and shows it to you once, as a recovery kit you can
        download, print or keep as a QR code. It is never sent to Keel. You confirm you kept it by typing its last characters
        back.
      </p>
      <ul>
        <li>If you lose the device with your passkey, the recovery key still opens your account.</li>
        <li>Keep the kit private and offline if you can: anyone who has the recovery key can move your money.</li>
        <li>Keel cannot give the recovery key back to you if you lose it.</li>
      </ul>
      <p>
        Passkeys that your phone or computer syncs (with your Apple, Google or Microsoft account) usually come back on a new
        device on their own. The recovery kit covers the rest.
      </p>
      <h2>If Keel disappears</h2>
      <p>Your money does not depend on Keel. With only your recovery kit:</p>
      <ol>
        <li>Import the recovery key into any wallet app that supports Base.</li>
        <li>Open Safe’s own app (app.safe.global), choose Base, and add your savings account by its address.</li>
        <li>The recovery key is an owner of the account: you can move your money from there, paying the network fee yourself.</li>
      </ol>
      <p>
        Keel’s server can refuse to pay a fee, but it cannot sign for you. Read how the three vaults differ in{' '}
        <Link to={paths.yieldsExplained}>Yields explained</Link>.
      </p>
    </ArticleLayout>
  );
}
