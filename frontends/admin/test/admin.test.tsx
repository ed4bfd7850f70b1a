import { render, screen } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { STORAGE_KEYS } from '@portal/ui';
import AdminApp from '../src/AdminApp';
import { daysLabel } from '../src/pages/AdminDashboard';

describe('admin area', () => {
  beforeEach(() => localStorage.clear());

  it('when days remaining are shown, then the spec’s three forms are used', () => {
    expect(daysLabel({ subscriptionStatus: 'trial', daysRemaining: 12 })).toBe('12 days');
    expect(daysLabel({ subscriptionStatus: 'none', daysRemaining: 0 })).toBe('No subscription');
    expect(daysLabel({ subscriptionStatus: 'expired', daysRemaining: 0 })).toBe('Expired');
  });

  const renderAdmin = (path: string) =>
    render(
      <MemoryRouter initialEntries={[path]}>
        <Routes>
          <Route path="/admin/*" element={<AdminApp />} />
        </Routes>
      </MemoryRouter>,
    );

  it('when no admin is signed in, then the dashboard sends to the sign-in page', async () => {
    renderAdmin('/admin/dashboard');
    expect(await screen.findByRole('button', { name: 'Sign in to Admin Dashboard' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to the main site' })).toHaveAttribute('href', '/');
  });

  it('when an admin session is stored, then the dashboard opens, and analytics that cannot load say so', async () => {
    localStorage.setItem(STORAGE_KEYS.adminToken, 't');
    localStorage.setItem(STORAGE_KEYS.adminUser, JSON.stringify({ email: 'a@portal.test', role: 'admin' }));
    renderAdmin('/admin/dashboard');
    expect(await screen.findByRole('heading', { name: 'Admin Dashboard' })).toBeInTheDocument();
    expect(screen.getByText('Manage users, subscriptions, and analytics')).toBeInTheDocument();
    expect(await screen.findByText('Failed to load analytics data')).toBeInTheDocument();
  });
});

describe('feedback preview', () => {
  it('when a message is longer than 100 characters, then it is cut there with an ellipsis', async () => {
    const { preview } = await import('../src/pages/FeedbackTab');
    expect(preview('x'.repeat(100))).toBe('x'.repeat(100));
    expect(preview('y'.repeat(101))).toBe(`${'y'.repeat(100)}…`);
  });
});
