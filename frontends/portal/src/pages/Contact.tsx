import { GrievanceOfficer, WithSeller } from '../components/PolicyPage';
import { withQueries } from '../queries';
import '../components/portal.css';

/** Who sells the product and how to reach them (PhonePe's onboarding checks this page; behaviour.md §2). */
function Contact() {
  return (
    <div className="policy">
      <h1>Contact us</h1>
      <WithSeller>
        {(seller) => (
          <>
            <section className="card">
              <h2>{seller.legalName}</h2>
              <p>{seller.address}</p>
              <p>GSTIN {seller.gstin}</p>
              <p>
                E-mail: <a href={`mailto:${seller.email}`}>{seller.email}</a>
                <br />
                Phone: <a href={`tel:${seller.phone.replace(/[^\d+]/g, '')}`}>{seller.phone}</a>
              </p>
              <p className="muted">We answer on working days, 10 am to 6 pm India time.</p>
            </section>
            <section className="card stack-top">
              <h2>Grievances about your personal data</h2>
              <GrievanceOfficer seller={seller} />
            </section>
          </>
        )}
      </WithSeller>
    </div>
  );
}

export default withQueries(Contact);
