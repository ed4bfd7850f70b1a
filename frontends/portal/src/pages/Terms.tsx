// A template for the seller's lawyer to finish (docs/decisions/0030): it states what the
// product does; it is not legal advice, and the page does not say it is a template.
import { Link } from '@portal/ui';
import { PolicyPage } from '../components/PolicyPage';
import { withQueries } from '../queries';

function Terms() {
  return (
    <PolicyPage policy="terms">
      {(seller) => (
        <>
          <p>
            These terms are an agreement between you and {seller.legalName} ("we"), {seller.address}, for the use of the Tax Practitioner
            desktop app and this portal. By creating an account you accept them.
          </p>
          <h2>Your account</h2>
          <ul>
            <li>You must be at least 18 years old and give true details. One account is for one person.</li>
            <li>Keep your password to yourself. You are responsible for what is done with your account and your desktop sessions.</li>
            <li>
              You may change your password, download your data or delete your account at any time from your profile, under Security and
              Privacy.
            </li>
          </ul>
          <h2>The trial and the plans</h2>
          <ul>
            <li>Each person may start one free trial of 30 days. No payment details are needed for it.</li>
            <li>
              A plan gives the right to use the desktop app for the period paid, monthly or annual, on the number of devices the plan
              allows. Prices are shown on the <Link to="/pricing">pricing page</Link> and include GST; every payment gets a GST tax invoice.
            </li>
            <li>
              Payments are taken by PhonePe. Renewals, cancellation and refunds follow our{' '}
              <Link to="/refund-policy">Refund and Cancellation Policy</Link>.
            </li>
          </ul>
          <h2>Using the software</h2>
          <ul>
            <li>
              The licence is personal, non-exclusive and non-transferable. Do not copy, resell, reverse-engineer or share the software or
              your licence, except as the law allows.
            </li>
            <li>
              The app works on files on your own computer. You remain responsible for your clients' data and for the returns, certificates
              and filings you prepare with it; check them before you rely on them.
            </li>
          </ul>
          <h2>Our responsibility</h2>
          <p>
            We provide the software as it is and work to keep it correct and available. To the extent the law allows, our liability for any
            claim is limited to the amount you paid us in the twelve months before it arose, and we are not liable for indirect losses.
          </p>
          <h2>Ending the agreement</h2>
          <p>
            You may stop using the service and delete your account at any time. We may suspend an account that breaks these terms, after
            telling you why where the law allows. Tax records are kept after an account ends as the{' '}
            <Link to="/privacy">Privacy Notice</Link> explains.
          </p>
          <h2>Changes, law and disputes</h2>
          <p>
            When these terms change, the new version and its effective date are shown here and you are asked to accept it the next time you
            sign in. These terms are governed by the laws of India, and the courts at the seller's registered address have jurisdiction.
            Questions go to <a href={`mailto:${seller.email}`}>{seller.email}</a>.
          </p>
        </>
      )}
    </PolicyPage>
  );
}

export default withQueries(Terms);
