import type { ReactNode } from 'react';
import { formatIndianDate, POLICIES, type PolicyName, type SellerDetails } from '@portal/contracts';
import { Banner, Spinner } from '@portal/ui';
import { useSeller } from '../features/seller/api';
import './portal.css';

/** A policy under its title, version and effective date, written with the seller's details once they load. */
export function PolicyPage({ policy, children }: { policy: PolicyName; children: (seller: SellerDetails) => ReactNode }) {
  const { title, version, effective } = POLICIES[policy];
  return (
    <article className="policy">
      <h1>{title}</h1>
      <p className="muted">
        Version {version}, effective {formatIndianDate(effective)}
      </p>
      <WithSeller>{children}</WithSeller>
    </article>
  );
}

/** What names the seller, once their details load; a demo seller is said to be one first. */
export function WithSeller({ children }: { children: (seller: SellerDetails) => ReactNode }) {
  const { data: seller, isError } = useSeller();
  if (isError) return <Banner kind="error">The seller's details could not be loaded. Please try again later.</Banner>;
  if (!seller) return <Spinner />;
  return (
    <>
      {seller.demo && <DemoSellerNotice />}
      {children(seller)}
    </>
  );
}

/** As on a demo invoice: the portal runs without its operator's settings, so nobody mistakes the placeholder for a business. */
function DemoSellerNotice() {
  return (
    <Banner kind="info">
      Demo seller: this portal runs without its operator's details, so the name, address and contacts below are placeholders.
    </Banner>
  );
}

/** The grievance officer under India's DPDP Act, 2023, as the privacy notice and the contact page name them. */
export function GrievanceOfficer({ seller }: { seller: SellerDetails }) {
  return (
    <p>
      {seller.grievanceOfficer.name}, Grievance Officer, {seller.legalName}, {seller.address}.{' '}
      <a href={`mailto:${seller.grievanceOfficer.email}`}>{seller.grievanceOfficer.email}</a>
    </p>
  );
}
