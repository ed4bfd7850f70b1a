// A template for the seller's lawyer to finish (docs/decisions/0030): the notice the
// Digital Personal Data Protection Act, 2023 (section 5) asks for, written from what the portal
// actually collects and keeps.
import { GrievanceOfficer, PolicyPage } from '../components/PolicyPage';
import { withQueries } from '../queries';

function Privacy() {
  return (
    <PolicyPage policy="privacy">
      {(seller) => (
        <>
          <p>
            {seller.legalName} is the data fiduciary for the personal data you give this portal and the desktop app. This notice says what
            we collect, why, how long we keep it, and the rights the Digital Personal Data Protection Act, 2023 gives you.
          </p>
          <h2>What we collect, and why</h2>
          <ul>
            <li>
              <strong>Your account:</strong> name, e-mail address, password (stored only as a hash), and, if you sign in with Google, your
              Google account's identifier and picture. To let you sign in and to write to you about your account.
            </li>
            <li>
              <strong>Your profile:</strong> age, gender, mobile number, occupation, organisation and address, if you give them. To complete
              your profile and to know our customers.
            </li>
            <li>
              <strong>Billing:</strong> your billing name, address, state and GSTIN, the plans you buy, and PhonePe's payment and mandate
              references. We never see your card or UPI PIN. To take payments and issue GST invoices and credit notes.
            </li>
            <li>
              <strong>Devices and sessions:</strong> the name and a fingerprint of each computer where you activate the app, and your
              desktop sessions. To enforce your plan's device limit and to let you end a session.
            </li>
            <li>
              <strong>Feedback and usage:</strong> the feedback you send, and which pages you use. To answer you and improve the product.
            </li>
            <li>
              <strong>Consent:</strong> which version of these policies you accepted, and when.
            </li>
          </ul>
          <p>
            Your client files stay on your computer: the desktop app indexes them locally and does not upload them. We do not sell personal
            data, and share it only with the processors that run the service for us (PhonePe for payments, our e-mail and hosting
            providers), under contract.
          </p>
          <h2>How long we keep it</h2>
          <ul>
            <li>Your account, profile, devices, sessions and feedback: while your account exists. Deleting the account erases them.</li>
            <li>
              Payments, GST invoices and credit notes: as GST law requires, for 72 months from the due date of the annual return of the year
              they belong to (section 36 of the CGST Act, 2017). When you delete your account they are kept without your name and contact
              details, except what the invoice itself must show.
            </li>
            <li>Password reset links: one hour. Records of who changed what in the admin area: as long as the records they describe.</li>
          </ul>
          <h2>Your rights</h2>
          <ul>
            <li>
              <strong>Access:</strong> download all the data we hold about you as a file, from your profile under Security and Privacy.
            </li>
            <li>
              <strong>Correction:</strong> change your profile and billing details yourself at any time, or ask us to correct them.
            </li>
            <li>
              <strong>Erasure:</strong> delete your account from your profile. Everything is erased except the tax records the law makes us
              keep, as above.
            </li>
            <li>
              <strong>Withdrawing consent:</strong> you may withdraw consent at any time by deleting your account; what was done before
              stays lawful.
            </li>
            <li>
              <strong>Grievance:</strong> write to our Grievance Officer below. We answer within 30 days. If you are not satisfied, you may
              complain to the Data Protection Board of India.
            </li>
            <li>
              <strong>Nomination:</strong> you may name a person to exercise these rights if you die or cannot, by writing to the Grievance
              Officer.
            </li>
          </ul>
          <h2>Grievance Officer</h2>
          <GrievanceOfficer seller={seller} />
          <h2>Changes</h2>
          <p>
            When this notice changes, the new version and its effective date are shown here and you are asked to accept it the next time you
            sign in.
          </p>
        </>
      )}
    </PolicyPage>
  );
}

export default withQueries(Privacy);
