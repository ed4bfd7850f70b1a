import { useState, type FormEvent } from 'react';
import { MESSAGES } from '@portal/contracts';
import { api, Banner, Button, errorMessage, TextField, useNavigate, useSearchParams } from '@portal/ui';
import { saveAdminSession, type AdminUser } from '../admin-session';

/** Admin sign-in; `?mode=signup` opens the hidden sign-up mode (the server refuses it unless enabled). */
export default function AdminLogin() {
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const signup = params.get('mode') === 'signup';
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [message, setMessage] = useState<{ kind: 'success' | 'error'; text: string } | null>(null);
  const [busy, setBusy] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!email.trim()) return setMessage({ kind: 'error', text: MESSAGES.emailRequired });
    if (!password) return setMessage({ kind: 'error', text: MESSAGES.passwordRequired });
    setBusy(true);
    try {
      if (signup) {
        await api.post('/api/admin/signup', { email, password, role: 'admin' });
        setMessage({ kind: 'success', text: 'Admin account created successfully! Please sign in.' });
        setParams({});
      } else {
        const { data } = await api.post<{ token: string; user: AdminUser }>('/api/admin/login', { email, password });
        saveAdminSession(data.token, data.user);
        navigate('/admin/dashboard');
      }
    } catch (failure) {
      setMessage({ kind: 'error', text: errorMessage(failure, signup ? 'Admin signup failed' : 'Admin login failed') });
    } finally {
      setBusy(false);
    }
  }

  return (
    <main className="card auth-card">
      <h1>{signup ? 'Create an admin account' : 'Admin sign-in'}</h1>
      {message && <Banner kind={message.kind}>{message.text}</Banner>}
      <form onSubmit={submit} noValidate>
        <TextField label="Admin email" type="email" autoComplete="username" value={email} onChange={(e) => setEmail(e.target.value)} />
        <TextField
          label="Password"
          type="password"
          autoComplete="current-password"
          revealable
          value={password}
          onChange={(e) => setPassword(e.target.value)}
        />
        <Button type="submit" disabled={busy} className="full-width">
          {signup ? 'Create Admin Account' : 'Sign in to Admin Dashboard'}
        </Button>
      </form>
      <p>
        <a href="/">Back to the main site</a>
      </p>
    </main>
  );
}
