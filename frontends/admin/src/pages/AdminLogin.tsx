import { useState } from 'react';
import { Banner, errorMessage, useNavigate, useSearchParams } from '@portal/ui';
import { CredentialsForm } from '@portal/ui/credentials-form';
import { saveAdminSession } from '../admin-session';
import { adminLogin, adminSignup } from '../features/session/api';

/** Admin sign-in; `?mode=signup` opens the hidden sign-up mode (the server refuses it unless enabled). */
export default function AdminLogin() {
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const signup = params.get('mode') === 'signup';
  const [message, setMessage] = useState<{ kind: 'success' | 'error'; text: string } | null>(null);

  async function submit({ email, password }: { email: string; password: string }) {
    try {
      if (signup) {
        await adminSignup({ email, password });
        setMessage({ kind: 'success', text: 'Admin account created successfully! Please sign in.' });
        setParams({});
      } else {
        const data = await adminLogin({ email, password });
        saveAdminSession(data.token, data.user);
        navigate('/admin/dashboard');
      }
    } catch (failure) {
      setMessage({ kind: 'error', text: errorMessage(failure, signup ? 'Admin signup failed' : 'Admin login failed') });
    }
  }

  return (
    <main className="card auth-card">
      <h1>{signup ? 'Create an admin account' : 'Admin sign-in'}</h1>
      {message && <Banner kind={message.kind}>{message.text}</Banner>}
      <CredentialsForm
        emailLabel="Admin email"
        emailAutoComplete="username"
        submitLabel={signup ? 'Create Admin Account' : 'Sign in to Admin Dashboard'}
        onSubmit={submit}
        onError={(text) => setMessage({ kind: 'error', text })}
      />
      <p>
        <a href="/">Back to the main site</a>
      </p>
    </main>
  );
}
